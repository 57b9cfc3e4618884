import { and, desc, eq, notInArray } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { PushSubscriptionInput } from '#shared/schemas/push.ts';
import type { Db } from '../db/client.ts';
import { webPushSubscriptions } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

/** Browsers one user keeps subscribed; a new one past it replaces the oldest. */
export const BROWSERS_PER_USER = 10;

/**
 * Stores a browser's subscription for the user. The endpoint names the browser, so one that
 * another account subscribed before (a shared computer) now belongs to this user: a browser shows
 * the pushes of whoever turned them on last.
 */
export async function subscribe(db: Db, userId: number, input: PushSubscriptionInput) {
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.transaction(async (tx) => {
    await tx
      .insert(webPushSubscriptions)
      .values({ ...values, endpoint: input.endpoint })
      .onConflictDoUpdate({
        target: webPushSubscriptions.endpoint,
        set: { ...values, createdAt: new Date() },
      });
    const kept = tx
      .select({ id: webPushSubscriptions.id })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, userId))
      .orderBy(desc(webPushSubscriptions.createdAt), desc(webPushSubscriptions.id))
      .limit(BROWSERS_PER_USER);
    await tx
      .delete(webPushSubscriptions)
      .where(
        and(eq(webPushSubscriptions.userId, userId), notInArray(webPushSubscriptions.id, kept)),
      );
  });
}

/** Forgets one of the user's browsers; another user's endpoint is not found. */
export async function unsubscribe(db: Db, userId: number, endpoint: string) {
  const removed = await db
    .delete(webPushSubscriptions)
    .where(
      and(eq(webPushSubscriptions.userId, userId), eq(webPushSubscriptions.endpoint, endpoint)),
    )
    .returning({ id: webPushSubscriptions.id });
  if (!removed.length) throw notFound(messages.push.notFound);
}
