import Church from 'lucide-react/icons/church';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import { Link } from 'wouter';
import { DEFAULT_COMMUNITY_NAME } from '@shared/domain/constants';
import { useAuth } from '@/lib/auth';
import { useCurrentMembership } from '@/lib/community';
import { cn } from '@/lib/utils';

/**
 * The community switcher's place in the top bar: the current community's name, linking to
 * /community-access. The dropdown that switches in place arrives with the communities issue.
 */
export function CommunitySwitcher({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { memberships } = useAuth();
  const current = useCurrentMembership(memberships);
  const name = current?.community.name || DEFAULT_COMMUNITY_NAME;
  return (
    <Link
      href="/community-access"
      onClick={onNavigate}
      title="Switch communities"
      aria-label={`Current community: ${name}. Switch communities`}
      className={cn(
        'inline-flex min-w-0 max-w-56 items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <Church className="size-4 shrink-0 text-accent-600" aria-hidden="true" />
      <span className="truncate" data-testid="current-community-name">
        {name}
      </span>
      <ChevronsUpDown className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
