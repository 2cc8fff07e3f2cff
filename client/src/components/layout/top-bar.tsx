import { Link } from 'wouter';
import { useT } from '@/i18n';
import { Brand } from './brand';
import { CommunitySwitcher, useCommunitySwitchedNotice } from './community-switcher';
import { MobileNav } from './mobile-nav';
import { DesktopNav } from './nav-links';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

/** Brand, community switcher, bell and user menu; the navigation below it (or in a slide-out menu on phones). */
export function TopBar() {
  const t = useT();
  useCommunitySwitchedNotice();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <MobileNav />
        <Link href="/" aria-label={t('Steadfast, go to the dashboard')} className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Brand />
        </Link>
        <CommunitySwitcher className="ml-2 hidden sm:inline-flex" />
        <div className="ml-auto flex items-center gap-1">
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
      <DesktopNav />
    </header>
  );
}
