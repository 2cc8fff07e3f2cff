import Bell from 'lucide-react/icons/bell';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useNotifications } from '@/features/notifications/api';
import { NotificationPanel, unreadBadgeText } from '@/features/notifications/components/notification-list';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

/**
 * The notification bell: polled every 30 s while signed in, an unread badge with the true count ('99+' above
 * 99; the count is part of the button's name), and a popover list whose items lead to their screen and are
 * marked read, paging back with 'Show older'.
 */
export function NotificationBell() {
  const t = useT();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const notifications = useNotifications(user !== null);
  // The true count of X-Unread-Count, not the unread ones among the newest page (DECISIONS.md).
  const unread = notifications.data?.unread ?? 0;
  const badge = unread > 0 ? unreadBadgeText(unread) : null;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative size-11" aria-label={badge ? t('Notifications, {badge} unread', { badge }) : t('Notifications')}>
          <Bell className="size-5" aria-hidden="true" />
          {badge ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-none text-destructive-foreground ring-2 ring-card"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={t('Notifications')} collisionPadding={8} className="w-[min(24rem,calc(100vw-1rem))] max-w-none p-0">
        <NotificationPanel
          feed={notifications.data}
          error={notifications.error}
          onRetry={() => void notifications.refetch()}
          onNavigate={() => setOpen(false)}
        />
      </PopoverContent>
    </Popover>
  );
}
