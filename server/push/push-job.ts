import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';
import { htmlToText } from '../notifications/sanitize.ts';
import { log } from '../ops/log.ts';
import type { PushSender } from './fcm.ts';

const RECENT_MS = 60 * 60_000;

/**
 * Pushes the notifications of the last hour that were not pushed yet to their users' phones
 * (users who registered a Firebase token). Claimed with SKIP LOCKED, marked before sending, so two
 * instances never push one twice; a token Firebase no longer knows is forgotten.
 */
export async function pushRecentNotifications(
  db: Db,
  sender: PushSender,
  batch = 100,
): Promise<number> {
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: notifications.id,
        title: notifications.title,
        message: notifications.message,
        userId: notifications.userId,
      })
      .from(notifications)
      .where(
        and(
          isNull(notifications.pushedAt),
          gt(notifications.sentAt, new Date(Date.now() - RECENT_MS)),
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length) {
      await tx
        .update(notifications)
        .set({ pushedAt: new Date() })
        .where(
          inArray(
            notifications.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
  if (!due.length) return 0;
  const tokens = await db
    .select({ id: users.id, token: users.firebaseToken })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(due.map((d) => d.userId))]),
        isNotNull(users.firebaseToken),
        isNull(users.deletedAt),
      ),
    );
  const tokenOf = new Map(tokens.map((t) => [t.id, t.token]));
  let pushed = 0;
  for (const item of due) {
    const token = tokenOf.get(item.userId);
    if (!token) continue;
    try {
      if (await sender.send(token, item.title, htmlToText(item.message))) pushed++;
      else await db.update(users).set({ firebaseToken: null }).where(eq(users.id, item.userId));
    } catch (err) {
      log.warn({ err }, 'push: could not send');
    }
  }
  return pushed;
}
