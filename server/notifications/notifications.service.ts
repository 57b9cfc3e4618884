import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Notification, SendNotification } from '#shared/schemas/notification.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { mailQueue, notificationBroadcasts, notifications, users } from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { htmlToText, sanitizeHtml } from './sanitize.ts';

const m = messages.notifications;

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  typeId: notifications.typeId,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  sentAt: notifications.sentAt,
  removedAt: notifications.removedAt,
};

interface Row {
  id: number;
  userId: number;
  typeId: number;
  title: string;
  message: string;
  isRead: boolean;
  sentAt: Date;
  removedAt: Date | null;
}

const toNotification = (row: Row): Notification => ({
  id: row.id,
  typeId: row.typeId,
  title: row.title,
  message: row.message,
  isRead: row.isRead,
  sentAt: row.sentAt.toISOString(),
});

/** A user's notifications that are not removed, newest first. */
export async function listForUser(
  db: Db,
  userId: number,
  page: { pageNumber: number; pageSize: number },
): Promise<Notification[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.removedAt)))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return rows.map(toNotification);
}

/** The caller's own notification: 404 when unknown or removed, 403 when someone else's. */
async function ownNotification(db: Db, callerId: number, id: number): Promise<Row> {
  const [row] = await db.select(columns).from(notifications).where(eq(notifications.id, id));
  if (!row || row.removedAt) throw notFound(m.notFound);
  if (row.userId !== callerId) throw forbidden();
  return row;
}

export async function getNotification(db: Db, callerId: number, id: number) {
  return toNotification(await ownNotification(db, callerId, id));
}

/** Marks a notification read; reading it again changes nothing. */
export async function markRead(db: Db, callerId: number, id: number) {
  const row = await ownNotification(db, callerId, id);
  if (!row.isRead) {
    await db.update(notifications).set({ isRead: true }).where(eq(notifications.id, id));
  }
  return toNotification({ ...row, isRead: true });
}

/** Removes a notification from the user's lists (kept for the record); again is a no-op. */
export async function remove(db: Db, callerId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ userId: notifications.userId, removedAt: notifications.removedAt })
    .from(notifications)
    .where(eq(notifications.id, id));
  if (!row) throw notFound(m.notFound);
  if (row.userId !== callerId) throw forbidden();
  if (row.removedAt) return;
  await db
    .update(notifications)
    .set({ removedAt: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.removedAt)));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        isNull(notifications.removedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * An admin's message to every user who is neither deleted nor an administrator: the broadcast,
 * one notification each and one queued e-mail each, in one transaction and three statements
 * whatever the number of users (the mail job sends the queue in batches).
 */
export async function broadcast(db: Db, adminId: number, input: SendNotification) {
  const message = sanitizeHtml(input.message);
  if (!htmlToText(message)) throw badRequest(m.enterMessage);
  const mailMessage = input.mailMessage?.trim() || htmlToText(message);
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(notificationBroadcasts)
      .values({
        typeId: input.typeId,
        title: input.title,
        message,
        mailMessage,
        topic: input.topic,
        createdBy: adminId,
      })
      .returning({ id: notificationBroadcasts.id });
    if (!sent) throw new Error('The broadcast was not saved');
    const broadcastId = sent.id;

    // INSERT ... SELECT: one statement however many users there are.
    await tx.execute(sql`
      insert into ${notifications} (user_id, type_id, title, message, broadcast_id)
      select ${users.id}, ${input.typeId}::integer, ${input.title}::text, ${message}::text,
             ${broadcastId}::integer
      from ${users}
      where ${users.deletedAt} is null and ${users.roleId} <> ${roles.admin}`);
    // The e-mails go to exactly the users who got the notification.
    await tx.execute(sql`
      insert into ${mailQueue} ("to", subject, text)
      select ${users.email}, ${input.title}::text, ${mailMessage}::text
      from ${notifications} join ${users} on ${users.id} = ${notifications.userId}
      where ${notifications.broadcastId} = ${broadcastId}`);

    const [delivered] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.broadcastId, broadcastId));
    const recipients = delivered?.n ?? 0;
    await audit(tx, adminId, 'send', 'notification', broadcastId, {
      title: input.title,
      typeId: input.typeId,
      topic: input.topic,
      recipients,
    });
    return { recipients };
  });
}
