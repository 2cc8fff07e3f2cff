import CalendarCheck from 'lucide-react/icons/calendar-check';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChartColumn from 'lucide-react/icons/chart-column';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question';
import Shield from 'lucide-react/icons/shield';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import { msg } from '@/i18n';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that show this item as current. */
  aliases?: readonly string[];
}

/** The top bar's navigation (SPEC.md section 2; the subgroup link is /my-subgroup). */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: msg('Dashboard'), icon: LayoutDashboard },
  { href: '/tracking', label: msg('My Tracking'), icon: CalendarCheck },
  { href: '/questions', label: msg('Questions'), icon: MessageCircleQuestion },
  { href: '/meetings', label: msg('Meetings'), icon: CalendarClock },
  { href: '/my-subgroup', label: msg('My Subgroup'), icon: Users, aliases: ['/subgroup'] },
  { href: '/reports', label: msg('Reports'), icon: ChartColumn },
];

/** Shown in the main navigation to admins of the community on screen (everyone else keeps the avatar menu's link). */
export const ADMIN_NAV_ITEM: NavItem = { href: '/admin', label: msg('Administration'), icon: Shield };

export const isCurrentNavItem = (item: NavItem, location: string) => item.href === location || (item.aliases?.includes(location) ?? false);
