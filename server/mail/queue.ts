import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

const MAX_ATTEMPTS = 8;

/**
 * Sends up to `batch` queued e-mails. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * instances can drain the queue together without sending a message twice; a failure is retried
 * later with a growing delay. Returns how many were sent.
 */
export async function deliverQueuedMail(db: Db, mailer: Mailer, batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
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
    let sent = 0;
    for (const message of due) {
      try {
        await mailer.send({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
        await tx.update(mailQueue).set({ sentAt: new Date() }).where(eq(mailQueue.id, message.id));
        sent++;
      } catch (err) {
        const attempts = message.attempts + 1;
        await tx
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
  });
}
