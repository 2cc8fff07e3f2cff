import type { NotificationType } from '../domain/constants';

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
