import { and, eq, sql } from 'drizzle-orm';
import type { SearchFilters } from '#shared/schemas/listing-search.ts';
import type { Db } from '../db/client.ts';
import { favorites, listings } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { cardPage, isLive } from './listings.queries.ts';
import { LISTING_NOT_FOUND } from './details.ts';
import { sortOrder } from './search.ts';

/** Saves a live listing to the user's favourites (saving it again changes nothing): whether it was new. */
export async function addFavorite(db: Db, userId: number, listingId: number) {
  const [live] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), isLive));
  if (!live) throw notFound(LISTING_NOT_FOUND);
  const added = await db
    .insert(favorites)
    .values({ userId, listingId })
    .onConflictDoNothing()
    .returning({ id: favorites.listingId });
  return added.length > 0;
}

/** Removes a favourite (removing one that is not there changes nothing): whether it was there. */
export async function removeFavorite(db: Db, userId: number, listingId: number) {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)))
    .returning({ id: favorites.listingId });
  return removed.length > 0;
}

/** The user's favourites that are still live, in the chosen order, a page at a time. */
export function favoritePage(
  db: Db,
  userId: number,
  query: {
    sortBy?: SearchFilters['sortBy'];
    sortDirection?: 'ASC' | 'DESC' | null;
    pageNumber: number;
    pageSize: number;
  },
) {
  const saved = sql`exists (select 1 from ${favorites} where ${favorites.listingId} = "listings"."id" and ${favorites.userId} = ${userId})`;
  return cardPage(db, {
    where: and(isLive, saved),
    orderBy: sortOrder(query.sortBy, query.sortDirection),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  });
}
