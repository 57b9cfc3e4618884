import { and, eq, inArray, isNull } from 'drizzle-orm';
import { reportNotices as t, type ModerationGround } from '#shared/schemas/trust.ts';
import type { Db } from '../db/client.ts';
import { mailQueue, reports } from '../db/schema/index.ts';
import { escapeHtml, notificationTypes, notify } from '../notifications/notify.ts';

/** Someone who reported: an account (told in the app and by e-mail), or an address to mail. */
export interface Reporter {
  userId: number | null;
  contact: string | null;
}

/** Tells a reporter something about their report; a visitor without a contact is not told. */
export async function tellReporter(db: Db, reporter: Reporter, title: string, text: string) {
  if (reporter.userId !== null) {
    await notify(db, reporter.userId, {
      typeId: notificationTypes.info,
      title,
      message: `<p>${escapeHtml(text)}</p>`,
      mail: `${text}\n\nSpotted`,
    });
  } else if (reporter.contact) {
    await db
      .insert(mailQueue)
      .values({ to: reporter.contact, subject: title, text: `${text}\n\nSpotted` });
  }
}

/** The confirmation a reporter gets as the report is stored. */
export const confirmReport = (db: Db, reporter: Reporter, what: string, ground: ModerationGround) =>
  tellReporter(db, reporter, t.receivedTitle, t.received(what, ground));

/**
 * Tells everyone whose report of a listing has not had its outcome yet what was decided, once:
 * `actioned` (suspended) or not (dismissed, or activated again).
 */
export async function tellListingReporters(
  db: Db,
  listing: { id: number; title: string },
  actioned: boolean,
) {
  const waiting = await db
    .select({ id: reports.id, userId: reports.userId, contact: reports.contact })
    .from(reports)
    .where(and(eq(reports.listingId, listing.id), isNull(reports.outcomeSentAt)));
  if (!waiting.length) return;
  await db
    .update(reports)
    .set({ outcomeSentAt: new Date() })
    .where(
      inArray(
        reports.id,
        waiting.map((r) => r.id),
      ),
    );
  const what = t.listing(listing.title);
  const text = actioned ? t.actioned(what) : t.noAction(what);
  for (const reporter of waiting) await tellReporter(db, reporter, t.outcomeTitle, text);
}
