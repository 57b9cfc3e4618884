import { and, eq } from 'drizzle-orm';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { listings, reports } from '../db/schema/index.ts';
import { sha256 } from '../auth/tokens.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { bucket, throttle } from '../http/rate-limit.ts';
import { isLive } from './listings.queries.ts';
import { LISTING_NOT_FOUND } from './details.ts';

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
  message: string,
) {
  await throttle(db, [
    ...(reporter.userId === null ? [] : [bucket('reportsPerAccount', reporter.userId)]),
    bucket('reportsPerAddress', reporter.ip),
  ]);
  // The screens send '{reason} - {details}'; the details rule comes first, as on the screen.
  const parts = /^(.*?)\s-(?:\s([\s\S]*))?$/.exec(message.trim());
  const reason = parts?.[1]?.trim() ?? '';
  const details = (parts ? (parts[2] ?? '') : message).trim();
  if (details.length < limits.reportDetailsMin) throw badRequest(messages.listing.reportTooShort);
  if (!reason) throw badRequest(messages.listing.reportNoCategory);
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), isLive));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  if (row.userId === reporter.userId) throw badRequest('You cannot report your own listing');
  const inserted = await db
    .insert(reports)
    .values({
      listingId,
      userId: reporter.userId,
      reporter:
        reporter.userId === null
          ? `address:${sha256(reporter.ip).slice(0, 32)}`
          : `user:${reporter.userId}`,
      message: message.trim(),
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!inserted.length) throw conflict('You have already reported this listing');
}
