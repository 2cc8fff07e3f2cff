import ArrowRight from 'lucide-react/icons/arrow-right';
import Church from 'lucide-react/icons/church';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { DEFAULT_COMMUNITY_DESCRIPTION } from '@shared/domain/constants';
import { isAdmin } from '@shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/i18n';
import { communityName, type Membership } from '@/lib/community';
import { cn } from '@/lib/utils';
import { roleName } from '@/i18n/labels';

/** Card colours cycle every 3 cards (SPEC.md section 2). */
export const CARD_TONES = [
  { name: 'indigo', band: 'bg-primary-700', icon: 'bg-primary-50 text-primary-700' },
  { name: 'amber', band: 'bg-accent', icon: 'bg-accent-50 text-accent-700' },
  { name: 'sage', band: 'bg-success', icon: 'bg-success-50 text-success' },
] as const;

interface CommunityCardProps {
  membership: Membership;
  index: number;
  onContinue: (membership: Membership) => void;
  /** Offered to admins of the community: opens its Administration. */
  onAdminister?: (membership: Membership) => void;
  continueLabel?: string;
}

export function CommunityCard({ membership, index, onContinue, onAdminister, continueLabel }: CommunityCardProps) {
  const t = useT();
  const tone = CARD_TONES[index % CARD_TONES.length]!;
  const name = communityName(membership);
  const role = membership.role || 'Member';
  const admin = isAdmin(membership.roles ?? [role]);
  const titleId = `community-${membership.communityId}-title`;
  return (
    <Card role="article" aria-labelledby={titleId} data-tone={tone.name} className="flex flex-col overflow-hidden">
      <div className={cn('h-2', tone.band)} aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', tone.icon)}>
            <Church className="size-5" aria-hidden="true" />
          </span>
          <div className="grid min-w-0 gap-1.5">
            <h3 id={titleId} className="truncate text-lg font-semibold">
              {name}
            </h3>
            <Badge variant={admin ? 'accent' : 'default'} className="justify-self-start">
              {admin ? <ShieldCheck aria-label={t('Admin')} /> : null}
              {roleName(role)}
            </Badge>
          </div>
        </div>
        <p className="flex-1 text-sm text-muted-foreground">{membership.community?.description || t(DEFAULT_COMMUNITY_DESCRIPTION)}</p>
        <div className="grid gap-2">
          <Button onClick={() => onContinue(membership)} className="w-full">
            {continueLabel ?? t('Continue Journey')}
            <ArrowRight aria-hidden="true" />
          </Button>
          {admin && onAdminister ? (
            <Button variant="outline" onClick={() => onAdminister(membership)} className="w-full">
              <ShieldCheck aria-hidden="true" />
              {t('Administration')}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
