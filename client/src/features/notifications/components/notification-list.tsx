import BellOff from 'lucide-react/icons/bell-off';
import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import type { NotificationView } from '@shared/contracts/notifications';
import { NOTIFICATION_LIST_LIMIT } from '@shared/contracts/wire-values';
import { Button } from '@/components/ui/button';
import { LoadingRows } from '@/components/ui/states';
import { formatNumber, useT } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { useAuth } from '@/lib/auth';
import { getStoredCommunityId, switchCommunityTo } from '@/lib/community';
import { toastError } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { type NotificationFeed, notificationLink, useMarkAllNotificationsRead, useMarkNotificationRead, useOlderNotifications } from '../api';
import { timeAgo } from '@/lib/dates';

/** The badge's text: the count, '99+' above 99 (SPEC.md section 9). */
export const unreadBadgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

interface NotificationPanelProps {
  /** The newest page and the true unread count; undefined until the first answer. */
  feed: NotificationFeed | undefined;
  error: Error | null;
  onRetry: () => void;
  /** After an item is followed to its screen (the popover closes). */
  onNavigate: () => void;
}

/**
 * The bell's popover: the true unread count and 'Mark all read', then the list (newest first) ending with
 * 'Show older' while there may be more, or its empty, loading or error state.
 */
export function NotificationPanel({ feed, error, onRetry, onNavigate }: NotificationPanelProps) {
  const t = useT();
  const markAll = useMarkAllNotificationsRead();
  const { older, load } = useOlderNotifications();
  const unread = feed?.unread ?? 0;
  const notifications = useMemo(() => {
    if (!feed) return undefined;
    const newest = new Set(feed.items.map((item) => item.id));
    return [...feed.items, ...older.items.filter((item) => !newest.has(item.id))];
  }, [feed, older.items]);
  // A full newest page may have more behind it; an older page shorter than a full one was the last.
  const mayHaveOlder = feed !== undefined && !older.exhausted && (older.items.length > 0 || feed.items.length >= NOTIFICATION_LIST_LIMIT);
  const oldestId = notifications?.at(-1)?.id;

  const onMarkAll = () => markAll.mutate(undefined, { onError: (failure) => toastError(t('Could not mark all read'), failure) });

  let body: ReactNode;
  if (notifications === undefined && error) {
    body = (
      <div role="alert" className="grid gap-3 p-4 text-sm">
        <p className="flex items-start gap-2 text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('We could not load your notifications.')}
        </p>
        <Button variant="outline" onClick={onRetry} className="justify-self-start">
          {t('Retry')}
        </Button>
      </div>
    );
  } else if (notifications === undefined) {
    body = <LoadingRows rows={3} label={t('Loading notifications')} className="p-4" />;
  } else if (notifications.length === 0) {
    body = (
      <div className="flex items-start gap-3 p-4 text-sm text-muted-foreground">
        <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <span className="block font-medium text-foreground">{t("You're all caught up.")}</span>
          {t('Answers to your questions and meeting updates will appear here.')}
        </p>
      </div>
    );
  } else {
    body = (
      <div className="max-h-[min(28rem,65dvh)] overflow-y-auto overscroll-contain">
        <ul aria-label={t('Notification list')} className="divide-y divide-border">
          {notifications.map((item) => (
            <NotificationItem key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
        {mayHaveOlder && oldestId ? (
          <div className="grid gap-2 border-t border-border p-2">
            {load.isError ? (
              <p role="alert" className="flex items-start gap-2 px-2 text-sm text-destructive">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t('We could not load older notifications.')}
              </p>
            ) : null}
            <Button variant="ghost" className="w-full text-primary-700" disabled={load.isPending} onClick={() => load.mutate(oldestId)}>
              {load.isPending ? t('Loading older...') : t('Show older')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="grid">
      <div className="flex items-center gap-2 border-b border-border py-1 pl-4 pr-1">
        <h2 className="min-w-0 flex-1 font-semibold">
          {t('Notifications')}
          {unread > 0 ? <span className="ml-1.5 text-sm font-normal text-muted-foreground">{t('({count} unread)', { count: formatNumber(unread) })}</span> : null}
        </h2>
        <Button variant="ghost" className="shrink-0 px-3 text-primary-700" onClick={onMarkAll} disabled={unread === 0 || markAll.isPending}>
          <CheckCheck aria-hidden="true" />
          {t('Mark all read')}
        </Button>
      </div>
      {body}
    </div>
  );
}

function NotificationItem({ item, onNavigate }: { item: NotificationView; onNavigate: () => void }) {
  const t = useT();
  const markRead = useMarkNotificationRead();
  const { memberships } = useAuth();
  const link = notificationLink(item);
  const unread = !item.isRead;
  // A notification of another of one's communities opens its screen in that community (a fresh page there).
  const elsewhere = item.communityId && item.communityId !== getStoredCommunityId() ? memberships.find((membership) => membership.communityId === item.communityId) : undefined;

  const markAsRead = () => {
    if (unread) markRead.mutate(item.id, { onError: (error) => toastError(t('Could not mark as read'), error) });
  };

  const content = (
    <>
      <span className="flex items-start gap-2">
        {unread ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary-600" /> : null}
        <span className={cn('min-w-0 flex-1 break-words text-sm', unread ? 'font-semibold text-foreground' : 'font-medium text-foreground/90')}>
          {unread ? <><span className="sr-only">{t('Unread:')}</span> </> : null}
          {item.title}
        </span>
      </span>
      <span className={cn('block break-words text-sm text-muted-foreground', unread && 'pl-4')}>{item.message}</span>
      <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} className={cn('block text-xs text-muted-foreground', unread && 'pl-4')}>
        {timeAgo(item.createdAt)}
      </time>
    </>
  );
  const areaClass = 'grid min-h-11 min-w-0 flex-1 gap-0.5 rounded-lg px-3 py-2.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

  return (
    <li className={cn('flex items-start gap-1 p-1', unread && 'bg-primary-50/60')}>
      {link ? (
        <Link
          href={link}
          className={cn(areaClass, 'hover:bg-muted')}
          onClick={(event) => {
            if (elsewhere && link) {
              event.preventDefault();
              onNavigate();
              // Marked read first: the page is left right after.
              const open = () => switchCommunityTo(elsewhere, link);
              if (unread) markRead.mutateAsync(item.id).then(open, open);
              else open();
              return;
            }
            markAsRead();
            onNavigate();
          }}
        >
          {content}
        </Link>
      ) : unread ? (
        <button type="button" className={cn(areaClass, 'hover:bg-muted')} onClick={markAsRead}>
          {content}
        </button>
      ) : (
        <div className={areaClass}>{content}</div>
      )}
      {unread ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-11 shrink-0 text-primary-700"
          aria-label={t('Mark as read: {title}', { title: item.title })}
          title={t('Mark as read')}
          disabled={markRead.isPending}
          onClick={markAsRead}
        >
          <Check aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
