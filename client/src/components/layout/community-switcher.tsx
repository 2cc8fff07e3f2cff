import Church from 'lucide-react/icons/church';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import Plus from 'lucide-react/icons/plus';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { communityName, switchCommunity, takeCommunitySwitched, useCurrentMembership } from '@/lib/community';
import { cn } from '@/lib/utils';
import { roleName } from '@/i18n/labels';

/** Shows 'Community switched!' once, on the first screen after the reload that a switch caused. */
export function useCommunitySwitchedNotice() {
  const t = useT();
  useEffect(() => {
    const name = takeCommunitySwitched();
    if (name !== null) toast({ title: t('Community switched!'), description: t('Now viewing {name}', { name }), variant: 'success' });
  }, [t]);
}

/**
 * The top bar's community switcher: every membership, the current one checked. Choosing another
 * stores it and reloads the page (SPEC.md "Top bar"); 'Join or create a community' opens /community-access.
 */
export function CommunitySwitcher({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const t = useT();
  const { memberships } = useAuth();
  const current = useCurrentMembership(memberships);
  const [, navigate] = useLocation();
  const name = communityName(current);

  const choose = (communityId: string) => {
    const membership = memberships.find((candidate) => candidate.communityId === communityId);
    if (membership && communityId !== current?.communityId) switchCommunity(membership);
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('Current community: {name}. Switch communities', { name })}
        title={t('{name}: switch communities', { name })}
        className={cn(
          'inline-flex min-w-0 max-w-64 items-center lg:max-w-sm gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        <Church className="size-4 shrink-0 text-accent-600" aria-hidden="true" />
        <span className="truncate" data-testid="current-community-name">
          {name}
        </span>
        <ChevronsUpDown className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('Your communities')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current?.communityId ?? ''} onValueChange={choose}>
          {memberships.map((membership) => (
            <DropdownMenuRadioItem key={membership.communityId} value={membership.communityId}>
              <span className="grid min-w-0">
                <span className="truncate font-medium">{communityName(membership)}</span>{' '}
                <span className="text-xs text-muted-foreground">{roleName(membership.role || 'Member')}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            onNavigate?.();
            navigate('/community-access');
          }}
        >
          <Plus aria-hidden="true" />
          {t('Join or create a community')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
