import Lock from 'lucide-react/icons/lock';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/i18n';

/** /tracking: 'Locked' for a non-admin viewing a locked month, 'Locked (Admin Override)' for an admin. */
export function LockBadge({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  return isAdmin ? (
    <Badge variant="accent" className="px-3 py-1 text-sm" title={t('This month is locked; as an admin you can still change it.')}>
      <ShieldCheck aria-hidden="true" />
      {t('Locked (Admin Override)')}
    </Badge>
  ) : (
    <Badge variant="destructive" className="px-3 py-1 text-sm" title={t('This month is locked and read-only.')}>
      <Lock aria-hidden="true" />
      {t('Locked')}
    </Badge>
  );
}
