import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { isAdmin } from '@shared/domain/roles';
import { useCurrentCommunity } from '@/features/communities/api';
import { useT } from '@/i18n';
import { ADMIN_NAV_ITEM, isCurrentNavItem, NAV_ITEMS, type NavItem } from './nav-items';

/** The main navigation's items: Administration is added for admins of the community on screen. */
function useNavItems(): readonly NavItem[] {
  const membership = useCurrentCommunity();
  return membership && isAdmin(membership.roles) ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
}

/**
 * The main navigation as a row of tabs (768 px and wider). Labels never wrap; below 1024 px the icons give
 * their room to the labels, so all seven items (Administration included) fit from 768 px.
 */
export function DesktopNav() {
  const t = useT();
  const [location] = useLocation();
  const items = useNavItems();
  return (
    <nav aria-label={t('Main')} className="hidden border-t border-border md:block">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 sm:px-6">
        {items.map((item) => {
          const current = isCurrentNavItem(item, location);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 whitespace-nowrap border-b-2 px-2.5 py-3 text-sm font-medium transition-colors lg:px-3',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  current ? 'border-accent text-primary-800' : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                <item.icon className="hidden size-4 lg:inline" aria-hidden="true" />
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The main navigation as a vertical list, inside the mobile slide-out menu. */
export function MobileNavList({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const [location] = useLocation();
  const items = useNavItems();
  return (
    <nav aria-label={t('Main')}>
      <ul className="grid gap-1">
        {items.map((item) => {
          const current = isCurrentNavItem(item, location);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium transition-colors',
                  current ? 'bg-primary-50 text-primary-800' : 'text-foreground hover:bg-muted',
                )}
              >
                <item.icon className="size-5" aria-hidden="true" />
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
