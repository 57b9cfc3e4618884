import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications, users, webPushSubscriptions } from '../db/schema/index.ts';
import { htmlToText } from '../notifications/sanitize.ts';
import { log } from '../ops/log.ts';
import type { PushSender } from './fcm.ts';
import type { WebPushSender } from './web-push.ts';

const RECENT_MS = 60 * 60_000;

/** Where notifications go beyond the app: phones (Firebase, when configured) and browsers. */
export interface PushSenders {
  fcm?: PushSender;
  web?: WebPushSender;
}

/**
 * Pushes the notifications of the last hour that were not pushed yet: to the phone of each user
 * who registered a Firebase token, and to every browser the user subscribed to web push. Claimed
 * with SKIP LOCKED, marked before sending, so two instances never push one twice; a token Firebase
 * no longer knows, or a subscription its push service answers 404 or 410 for, is forgotten.
 * Returns how many deliveries succeeded.
 */
export async function pushRecentNotifications(
  db: Db,
  senders: PushSenders,
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
  const userIds = [...new Set(due.map((d) => d.userId))];
  let pushed = 0;
  if (senders.fcm) pushed += await pushToPhones(db, senders.fcm, due, userIds);
  if (senders.web) pushed += await pushToBrowsers(db, senders.web, due, userIds);
  return pushed;
}

/** The page a click opens: the notification's first link on this site, else the notification. */
const pageOf = (item: { id: number; message: string }) =>
  /href="(\/(?!\/)[^"]*)"/.exec(item.message)?.[1]?.replaceAll('&amp;', '&') ??
  `/notifications/${item.id}`;

type Due = { id: number; title: string; message: string; userId: number }[];

async function pushToPhones(db: Db, sender: PushSender, due: Due, userIds: number[]) {
  const tokens = await db
    .select({ id: users.id, token: users.firebaseToken })
    .from(users)
    .where(
      and(inArray(users.id, userIds), isNotNull(users.firebaseToken), isNull(users.deletedAt)),
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

async function pushToBrowsers(db: Db, sender: WebPushSender, due: Due, userIds: number[]) {
  const targets = await db
    .select({
      id: webPushSubscriptions.id,
      userId: webPushSubscriptions.userId,
      endpoint: webPushSubscriptions.endpoint,
      p256dh: webPushSubscriptions.p256dh,
      auth: webPushSubscriptions.auth,
    })
    .from(webPushSubscriptions)
    .innerJoin(users, eq(users.id, webPushSubscriptions.userId))
    .where(and(inArray(webPushSubscriptions.userId, userIds), isNull(users.deletedAt)));
  const gone = new Set<number>();
  let pushed = 0;
  for (const item of due) {
    const message = {
      title: item.title,
      body: htmlToText(item.message),
      url: pageOf(item),
    };
    for (const target of targets) {
      if (target.userId !== item.userId || gone.has(target.id)) continue;
      try {
        if (await sender.send(target, message)) pushed++;
        else gone.add(target.id);
      } catch (err) {
        log.warn({ err }, 'web push: could not send');
      }
    }
  }
  if (gone.size)
    await db.delete(webPushSubscriptions).where(inArray(webPushSubscriptions.id, [...gone]));
  return pushed;
}
