import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { RECENT_MAX } from '#shared/schemas/recent.ts';
import type { Db } from '../db/client.ts';
import { listings, recentlyViewed } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { cardPage, isLive } from '../listings/listings.queries.ts';

/**
 * PUT user/recently-viewed/{id}: the user looked at a live listing. It goes first; beyond
 * RECENT_MAX the oldest are forgotten.
 */
export async function rememberView(db: Db, userId: number, listingId: number) {
  const [live] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), isLive));
  if (!live) throw notFound(LISTING_NOT_FOUND);
  await db.transaction(async (tx) => {
    await tx
      .insert(recentlyViewed)
      .values({ userId, listingId })
      .onConflictDoUpdate({
        target: [recentlyViewed.userId, recentlyViewed.listingId],
        set: { viewedAt: sql`now()` },
      });
    const kept = tx
      .select({ id: recentlyViewed.listingId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, userId))
      .orderBy(desc(recentlyViewed.viewedAt))
      .limit(RECENT_MAX);
    await tx
      .delete(recentlyViewed)
      .where(and(eq(recentlyViewed.userId, userId), notInArray(recentlyViewed.listingId, kept)));
  });
}

/** GET user/recently-viewed: the user's recently viewed cars that are still live, newest first. */
export async function recentCars(db: Db, userId: number): Promise<CarCard[]> {
  const viewedAt = sql`(select ${recentlyViewed.viewedAt} from ${recentlyViewed}
    where ${recentlyViewed.listingId} = "listings"."id" and ${recentlyViewed.userId} = ${userId})`;
  const page = await cardPage(db, {
    where: and(isLive, sql`${viewedAt} is not null`),
    orderBy: [sql`${viewedAt} desc`],
    pageNumber: 1,
    pageSize: RECENT_MAX,
  });
  return page.cars;
}
