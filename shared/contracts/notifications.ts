import { z } from 'zod';
import type { NotificationType } from '../domain/constants';
import { uuidField } from './fields';

/** GET /api/notifications: the caller's notifications, newest first (at most NOTIFICATION_LIST_LIMIT). */
export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  isRead: boolean;
  communityId: string | null;
  fromUserId: string | null;
  createdAt: string;
}

export const NOTIFICATION_LIST_LIMIT = 50;

/** Every answer of GET /api/notifications (200 and 304) carries the true unread count in this header. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** GET /api/notifications?before=<id>: the page older than that notification. */
export const notificationPageQuery = z.object({ before: uuidField.optional() });
