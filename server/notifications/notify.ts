import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailQueue, notifications, users } from '../db/schema/index.ts';

export const notificationTypes = { info: 1, payment: 2, listing: 3, user: 4 } as const;

export interface Notice {
  typeId: number;
  title: string;
  /** HTML shown in the app. */
  message: string;
  /** Plain text of the e-mail; no e-mail when absent. */
  mail?: string;
  /** The e-mail's HTML part, beside the plain text. */
  mailHtml?: string;
  /** The e-mail goes only to a confirmed address (notices the user can live without by mail). */
  mailIfConfirmed?: boolean;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Tells a user something: an in-app notification, and an e-mail queued in the same database
 * transaction (the mail job sends it, so a slow mail server never holds up the decision).
 */
export async function notify(db: Db, userId: number, notice: Notice): Promise<void> {
  const [user] = await db
    .select({
      email: users.email,
      deletedAt: users.deletedAt,
      confirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt) return;
  await db.insert(notifications).values({
    userId,
    typeId: notice.typeId,
    title: notice.title,
    message: notice.message,
  });
  if (!notice.mail || (notice.mailIfConfirmed && !user.confirmed)) return;
  await db.insert(mailQueue).values({
    to: user.email,
    subject: notice.title,
    text: notice.mail,
    html: notice.mailHtml,
  });
}
