import Lock from 'lucide-react/icons/lock';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Badge } from '@/components/ui/badge';

/** /tracking: 'Locked' for a non-admin viewing a locked month, 'Locked (Admin Override)' for an admin. */
export function LockBadge({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? (
    <Badge variant="accent" className="px-3 py-1 text-sm" title="This month is locked; as an admin you can still change it.">
      <ShieldCheck aria-hidden="true" />
      Locked (Admin Override)
    </Badge>
  ) : (
    <Badge variant="destructive" className="px-3 py-1 text-sm" title="This month is locked and read-only.">
      <Lock aria-hidden="true" />
      Locked
    </Badge>
  );
}
