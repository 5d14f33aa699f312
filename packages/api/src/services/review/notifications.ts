// In-app notifications (issue 39): mentions, comments and replies, status changes and approvals of your
// artifacts. The header shows the unread count; reading marks them (all, or the ids given).
import type { Db } from '@app/db';

export type NotificationType = 'mention' | 'reply' | 'comment' | 'approved' | 'status';

export interface NotificationView {
  id: string;
  type: NotificationType;
  artifactId: string | null;
  commentId: string | null;
  text: string;
  read: boolean;
  createdAt: Date;
}

export async function notify(
  db: Db,
  userId: string,
  n: { type: NotificationType; artifactId?: string; commentId?: string; text: string },
) {
  await db.notification.create({
    data: {
      userId,
      type: n.type,
      artifactId: n.artifactId ?? null,
      commentId: n.commentId ?? null,
      text: n.text.slice(0, 300),
    },
  });
}

export async function listNotifications(db: Db, userId: string) {
  const [rows, unread] = await Promise.all([
    db.notification.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: 50 }),
    db.notification.count({ where: { userId, readAt: null } }),
  ]);
  return {
    unread,
    notifications: rows.map((r): NotificationView => ({
      id: r.id,
      type: r.type as NotificationType,
      artifactId: r.artifactId,
      commentId: r.commentId,
      text: r.text,
      read: r.readAt !== null,
      createdAt: r.createdAt,
    })),
  };
}

/** Marks the caller's notifications read (only their own: other ids are ignored). */
export async function readNotifications(db: Db, userId: string, ids?: string[]) {
  const { count } = await db.notification.updateMany({
    where: { userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
  });
  return { marked: count };
}
