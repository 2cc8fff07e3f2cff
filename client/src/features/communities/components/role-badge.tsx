import ShieldCheck from 'lucide-react/icons/shield-check';
import type { Role } from '@shared/domain/constants';
import { isAdmin, ROLE_ORDER } from '@shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { roleName } from '@/i18n/labels';

/** One role as a badge: admin roles in amber with a shield, commanders in indigo, members plain. */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const admin = isAdmin([role]);
  return (
    <Badge variant={admin ? 'accent' : role === 'Commander' ? 'default' : 'outline'} className={className}>
      {admin ? <ShieldCheck aria-hidden="true" /> : null}
      {roleName(role)}
    </Badge>
  );
}

/** A member's roles, highest first. */
export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  const ordered = ROLE_ORDER.filter((role) => roles.includes(role));
  return (
    <span className="flex flex-wrap gap-1.5">
      {(ordered.length > 0 ? ordered : (['Member'] as const)).map((role) => (
        <RoleBadge key={role} role={role} />
      ))}
    </span>
  );
}
