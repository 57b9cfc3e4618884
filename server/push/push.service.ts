import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { PushSubscriptionInput } from '#shared/schemas/push.ts';
import type { Db } from '../db/client.ts';
import { users, webPushSubscriptions } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';

/** Browsers one user keeps subscribed; a new one past it replaces the oldest. */
export const BROWSERS_PER_USER = 10;

/**
 * Stores a browser's subscription for the user. The endpoint names the browser, so one that
 * another account subscribed before from the same browser (a shared computer: the same endpoint
 * and keys) now belongs to this user: a browser shows the pushes of whoever turned them on last.
 * The endpoint with other keys is not this browser's (someone who learnt the address): 409.
 */
export async function subscribe(db: Db, userId: number, input: PushSubscriptionInput) {
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const t = webPushSubscriptions;
  await db.transaction(async (tx) => {
    // One subscription of the user at a time: parallel ones would each keep the browsers they
    // saw, and a flood of them would pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const stored = await tx
      .insert(t)
      .values({ ...values, endpoint: input.endpoint })
      .onConflictDoUpdate({
        target: t.endpoint,
        set: { ...values, createdAt: new Date() },
        setWhere: sql`${t.userId} = excluded.user_id
          or (${t.p256dh} = excluded.p256dh and ${t.auth} = excluded.auth)`,
      })
      .returning({ id: t.id });
    if (!stored.length) throw conflict(messages.push.taken);
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
