import { subDays } from 'date-fns/subDays';
import { and, desc, eq, gt, gte, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from '#shared/schemas/zod.ts';
import type { bulkUpsertSchema } from '#shared/schemas/dealer-api.ts';
import type { ListingPayload } from '#shared/schemas/listing-payload.ts';
import {
  conversationMessages,
  conversations,
  feedItems,
  listings,
  listingStats,
  users,
} from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import type { Caller } from '../http/env.ts';
import { importRecords } from '../feeds/feed-import.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import {
  editLiveListing,
  editRequest,
  removeListing,
  removeRequest,
} from '../listings/listings.service.ts';
import { requireDealer } from './api-keys.ts';

const LIVE = ['ACTIVE', 'SUSPENDED'];

/** The dealer's own listing (never another's: 404 as if it did not exist). */
export async function ownListing(deps: Deps, caller: Caller, id: number) {
  const [row] = await deps.db
    .select({ id: listings.id, state: listings.state, originalId: listings.originalId })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, caller.id)));
  if (!row || row.originalId !== null) throw notFound(LISTING_NOT_FOUND);
  return row;
}

/** GET dealer/v1/listings: the dealer's listings with their stock numbers, newest change first. */
export async function dealerListings(
  deps: Deps,
  caller: Caller,
  { pageNumber, pageSize }: { pageNumber: number; pageSize: number },
) {
  requireDealer(caller);
  const edits = alias(listings, 'edits');
  const where = and(eq(listings.userId, caller.id), isNull(listings.originalId));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: listings.id,
        stockNumber: feedItems.stockNumber,
        state: listings.state,
        title: listings.title,
        price: listings.price,
        pendingEditId: edits.id,
        updatedAt: listings.updatedAt,
      })
      .from(listings)
      .leftJoin(feedItems, eq(feedItems.listingId, listings.id))
      .leftJoin(edits, eq(edits.originalId, listings.id))
      .where(where)
      .orderBy(desc(listings.updatedAt), desc(listings.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(where),
  ]);
  return {
    listings: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

/** PUT dealer/v1/listings/{id}: an edit as the form makes it (a live car's goes to moderation). */
export async function updateDealerListing(
  deps: Deps,
  caller: Caller,
  id: number,
  input: ListingPayload,
) {
  requireDealer(caller);
  const row = await ownListing(deps, caller, id);
  if (LIVE.includes(row.state)) await editLiveListing(deps, caller, { ...input, originalId: id });
  else await editRequest(deps, caller, { ...input, id });
  return { id };
}

/** DELETE dealer/v1/listings/{id}: a live car comes down, a request is withdrawn (credits back). */
export async function removeDealerListing(deps: Deps, caller: Caller, id: number) {
  requireDealer(caller);
  const row = await ownListing(deps, caller, id);
  if (LIVE.includes(row.state)) await removeListing(deps, caller, id);
  else await removeRequest(deps, caller, id);
}

/**
 * POST dealer/v1/listings/upsert: cars by stock number, each checked and written as a feed line
 * is (the feed's columns; photos by address). Cars not named stay as they are.
 */
export async function bulkUpsert(
  deps: Deps,
  caller: Caller,
  { cars, confirm }: z.infer<typeof bulkUpsertSchema>,
) {
  requireDealer(caller);
  const records = cars.map((car, index) => ({
    line: index + 1,
    values: Object.fromEntries(
      Object.entries(car).map(([column, value]) => [column, value == null ? '' : String(value)]),
    ),
  }));
  const result = await importRecords(deps, caller.id, records, new Map(), {
    confirmed: confirm,
    withdrawMissing: false,
  });
  return result.status === 'done'
    ? { status: result.status, message: null, report: result.report }
    : { status: result.status, message: result.message, report: [] };
}

/**
 * GET dealer/v1/leads: buyers' messages about the dealer's cars and the daily counts of contact
 * reveals (phone, e-mail), each with its car and stock number.
 */
export async function dealerLeads(deps: Deps, caller: Caller, since: string | undefined) {
  requireDealer(caller);
  const from = since ? new Date(since) : subDays(new Date(), 30);
  const buyers = alias(users, 'buyers');
  const [messages, reveals] = await Promise.all([
    deps.db
      .select({
        conversationId: conversations.id,
        listingId: listings.id,
        stockNumber: feedItems.stockNumber,
        title: listings.title,
        buyerName: sql<string>`trim(${buyers.firstName} || ' ' || coalesce(${buyers.lastName}, ''))`,
        text: conversationMessages.text,
        sentAt: conversationMessages.createdAt,
      })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .innerJoin(buyers, eq(buyers.id, conversations.buyerId))
      .leftJoin(feedItems, eq(feedItems.listingId, listings.id))
      .where(
        and(
          eq(conversations.sellerId, caller.id),
          ne(conversationMessages.senderId, caller.id),
          gt(conversationMessages.createdAt, from),
        ),
      )
      .orderBy(desc(conversationMessages.id))
      .limit(500),
    deps.db
      .select({
        listingId: listings.id,
        stockNumber: feedItems.stockNumber,
        title: listings.title,
        day: listingStats.day,
        phoneReveals: listingStats.phoneReveals,
        emailReveals: listingStats.emailReveals,
      })
      .from(listingStats)
      .innerJoin(listings, eq(listings.id, listingStats.listingId))
      .leftJoin(feedItems, eq(feedItems.listingId, listings.id))
      .where(
        and(
          eq(listings.userId, caller.id),
          gte(listingStats.day, from.toISOString().slice(0, 10)),
          or(gt(listingStats.phoneReveals, 0), gt(listingStats.emailReveals, 0)),
        ),
      )
      .orderBy(desc(listingStats.day), desc(listings.id))
      .limit(1000),
  ]);
  return {
    messages: messages.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })),
    reveals,
  };
}
