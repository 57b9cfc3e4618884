import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import type { Db } from '../db/client.ts';
import { listings, users } from '../db/schema/index.ts';
import { cards, defaultOrder, isListed } from '../listings/listings.queries.ts';

/** How many listed cars one model has in one town (the seller's), and their prices' range. */
export interface SetRow {
  modelId: number;
  cityId: number | null;
  count: number;
  minPrice: number;
  maxPrice: number;
}

/**
 * Every model's listed cars per town, counted with their lowest and highest price: one statement
 * over the live models' price index (listings_live_model_price_idx, which holds the seller) and
 * the sellers' towns. The makes come from the models, in memory.
 */
export async function setRows(db: Db): Promise<SetRow[]> {
  return db
    .select({
      modelId: listings.modelId,
      cityId: users.cityId,
      count: sql<number>`count(*)::int`,
      minPrice: sql<number>`min(${listings.price})::int`,
      maxPrice: sql<number>`max(${listings.price})::int`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(isListed)
    .groupBy(listings.modelId, users.cityId);
}

/** A set of listed cars: a make, a model, a town (the sellers'), or a make in a town. */
export interface CarSet {
  makeId: number | null;
  modelId: number | null;
  cityId: number | null;
}

/** The listed cars of `set`, as the search page lists them: a condition on the indexed columns. */
export const setWhere = (set: CarSet): SQL | undefined =>
  and(
    isListed,
    set.makeId === null ? undefined : eq(listings.makeId, set.makeId),
    set.modelId === null ? undefined : eq(listings.modelId, set.modelId),
    set.cityId === null ? undefined : eq(users.cityId, set.cityId),
  );

/** The first `limit` cards of `set` in the public lists' order (promoted first, then newest). */
export const firstCards = (db: Db, set: CarSet, limit: number): Promise<CarCard[]> =>
  cards(db, setWhere(set), defaultOrder, limit);
