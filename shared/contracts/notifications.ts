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

export { NOTIFICATION_LIST_LIMIT, UNREAD_COUNT_HEADER } from './wire-values';

/** GET /api/notifications?before=<id>: the page older than that notification. */
export const notificationPageQuery = z.object({ before: uuidField.optional() });
