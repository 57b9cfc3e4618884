import { and, eq } from 'drizzle-orm';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { listings, reports } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { isLive } from './listings.queries.ts';
import { LISTING_NOT_FOUND } from './listings.service.ts';

/**
 * Reports a live listing. The message is '{reason} - {details}' with at least 10 characters of
 * details; one open report per reporter and listing; owners cannot report their own listing.
 */
export async function reportListing(
  db: Db,
  listingId: number,
  reporter: { userId: number | null; key: string },
  message: string,
) {
  const details = message.includes(' - ') ? message.slice(message.indexOf(' - ') + 3) : message;
  if (details.trim().length < limits.reportDetailsMin)
    throw badRequest(messages.listing.reportTooShort);
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), isLive));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  if (row.userId === reporter.userId) throw badRequest('You cannot report your own listing');
  const inserted = await db
    .insert(reports)
    .values({ listingId, userId: reporter.userId, reporter: reporter.key, message: message.trim() })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!inserted.length) throw conflict('You have already reported this listing');
}
