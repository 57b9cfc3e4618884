import { and, count, countDistinct, eq, isNull, lt } from 'drizzle-orm';
import { reportNotices, type ModerationGround, type ReviewFlags } from '#shared/schemas/trust.ts';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { listings, reports, users } from '../db/schema/index.ts';
import { sha256 } from '../auth/tokens.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { bucket, throttle } from '../http/rate-limit.ts';
import { isLive } from './listings.queries.ts';
import { LISTING_NOT_FOUND } from './details.ts';
import { escapeHtml } from '../notifications/notify.ts';
import { notificationTypes, notify } from '../notifications/notify.ts';
import { confirmReport } from '../trust/reporter-notices.ts';
import { automatedMeansOf, withStatement, type Statement } from '../trust/statements.ts';

/**
 * Reports a live listing. The message is '{reason} - {details}' with at least 10 characters of
 * details; one open report per reporter and listing; owners cannot report their own listing.
 * A reporter is the account, or without one the client address (not the browser, which a
 * visitor changes at will); reports count per account and per address.
 */
export async function reportListing(
  db: Db,
  listingId: number,
  reporter: { userId: number | null; ip: string },
  notice: { message: string; ground: ModerationGround; contact?: string | undefined },
  hideAt: number,
  publicUrl: string,
): Promise<{ hidden: boolean }> {
  await throttle(db, [
    ...(reporter.userId === null ? [] : [bucket('reportsPerAccount', reporter.userId)]),
    bucket('reportsPerAddress', reporter.ip),
  ]);
  const { message, ground } = notice;
  // A logged-in reporter hears the outcome in the app; a contact is kept only for visitors.
  const contact = reporter.userId === null ? (notice.contact ?? null) : null;
  // The screens send '{reason} - {details}'; the details rule comes first, as on the screen.
  const parts = /^(.*?)\s-(?:\s([\s\S]*))?$/.exec(message.trim());
  const reason = parts?.[1]?.trim() ?? '';
  const details = (parts ? (parts[2] ?? '') : message).trim();
  if (details.length < limits.reportDetailsMin) throw badRequest(messages.listing.reportTooShort);
  if (!reason) throw badRequest(messages.listing.reportNoCategory);
  const hidden = await db.transaction(async (tx) => {
    // The listing's row lock orders concurrent reports, so the one that reaches the threshold
    // sees every report before it and hides the listing exactly once.
    const [row] = await tx
      .select()
      .from(listings)
      .where(and(eq(listings.id, listingId), isLive))
      .for('update');
    if (!row) throw notFound(LISTING_NOT_FOUND);
    if (row.userId === reporter.userId) throw badRequest('You cannot report your own listing');
    const inserted = await tx
      .insert(reports)
      .values({
        listingId,
        userId: reporter.userId,
        reporter:
          reporter.userId === null
            ? `address:${sha256(reporter.ip).slice(0, 32)}`
            : `user:${reporter.userId}`,
        message: message.trim(),
        ground,
        contact,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!inserted.length) throw conflict('You have already reported this listing');
    await confirmReport(
      tx,
      { userId: reporter.userId, contact },
      reportNotices.listing(row.title),
      ground,
    );
    return hideWhenReported(tx, row, hideAt, publicUrl);
  });
  return { hidden };
}

/** How old an account must be for its report to count toward hiding a listing. */
export const REPORTER_ACCOUNT_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Reports that act: once `threshold` different signed-in accounts, each at least a day old, have
 * open reports on a live listing that no admin has looked at since, it leaves search, the home
 * page and the seller's offer until an admin decides (dismissing, suspending or activating), and
 * the owner is told. Anonymous reports and those of new accounts wait for an admin and never act
 * alone: addresses are cheap (a VPN, an IPv6 range) and so are new accounts. Its own page stays,
 * so links keep working. 0 turns this off.
 */
async function hideWhenReported(
  tx: Db,
  row: {
    id: number;
    userId: number;
    title: string;
    hiddenAt: Date | null;
    reviewFlags: ReviewFlags | null;
  },
  threshold: number,
  publicUrl: string,
) {
  if (threshold < 1 || row.hiddenAt) return false;
  const settled = new Date(Date.now() - REPORTER_ACCOUNT_MIN_AGE_MS);
  const [open] = await tx
    .select({ reporters: countDistinct(reports.userId) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.userId))
    .where(
      and(eq(reports.listingId, row.id), isNull(reports.dismissedAt), lt(users.createdAt, settled)),
    );
  if ((open?.reporters ?? 0) < threshold) return false;
  // The row's change notice ends the cached pages, searches and counts that showed it.
  await tx.update(listings).set({ hiddenAt: new Date() }).where(eq(listings.id, row.id));
  const [illegal] = await tx
    .select({ n: count() })
    .from(reports)
    .where(
      and(
        eq(reports.listingId, row.id),
        isNull(reports.dismissedAt),
        eq(reports.ground, 'illegal'),
      ),
    );
  const statement: Statement = {
    decision: 'hidden',
    ground: illegal?.n ? 'illegal' : 'terms',
    reason: `reported by ${open?.reporters ?? threshold} people`,
    automated: await automatedMeansOf(tx, row, true),
  };
  await notify(
    tx,
    row.userId,
    withStatement(
      {
        typeId: notificationTypes.listing,
        title: 'Your listing is under review',
        message: `<p>${escapeHtml(hiddenText(row.title))}</p>`,
        mail: `${hiddenText(row.title)}\n\nSpotted`,
      },
      statement,
      row.id,
      publicUrl,
    ),
  );
  return true;
}

const hiddenText = (title: string) =>
  `Several people reported your listing "${title}", so it is out of search until our team has reviewed it (usually within 5 business days). Its page stays reachable, and you will hear from us once it is reviewed.`;
