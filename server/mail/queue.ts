import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;

/**
 * Sends up to `batch` queued e-mails. Rows are claimed in a short transaction with FOR UPDATE
 * SKIP LOCKED and leased for five minutes (several instances drain the queue together without
 * sending a message twice), then sent outside any transaction; a failure is retried later with a
 * growing delay. Returns how many were sent.
 */
export async function deliverQueuedMail(db: Db, mailer: Mailer, batch = 50): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailQueue)
      .where(
        and(
          isNull(mailQueue.sentAt),
          lte(mailQueue.sendAfter, new Date()),
          sql`${mailQueue.attempts} < ${MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(asc(mailQueue.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length) {
      await tx
        .update(mailQueue)
        .set({ sendAfter: new Date(Date.now() + LEASE_MS) })
        .where(
          inArray(
            mailQueue.id,
            due.map((m) => m.id),
          ),
        );
    }
    return due;
  });
  let sent = 0;
  for (const message of claimed) {
    try {
      await mailer.send({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers ?? undefined,
      });
      await db.update(mailQueue).set({ sentAt: new Date() }).where(eq(mailQueue.id, message.id));
      sent++;
    } catch (err) {
      const attempts = message.attempts + 1;
      await db
        .update(mailQueue)
        .set({
          attempts,
          lastError: err instanceof Error ? err.message : String(err),
          sendAfter: new Date(Date.now() + 2 ** attempts * 30_000),
        })
        .where(eq(mailQueue.id, message.id));
    }
  }
  return sent;
}
