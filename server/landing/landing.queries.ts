import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/** The listed cars of a make or model: a condition on the live indexes. */
const makeWhere = (set: CarSet): SQL | undefined =>
  and(
    isListed,
    set.makeId === null ? undefined : eq(listings.makeId, set.makeId),
    set.modelId === null ? undefined : eq(listings.modelId, set.modelId),
  );

/**
 * The ids of a town's first `limit` listed cars (of one make, or any), in the public lists'
 * order: each seller of the town's first cars, read from listings_live_seller_order_idx, then the
 * first of those. A town's cars are not one range of any index (the town is the seller's), and
 * walking the order index for the town's sellers reads past every other town's cars first.
 */
async function townIds(db: Db, set: CarSet, limit: number): Promise<number[]> {
  const order = sql`l.listing_type_id, l.published_at desc nulls last, l.id desc nulls last`;
  const result = (await db.execute(sql`
    select l.id from ${users} u cross join lateral (
      select id, listing_type_id, published_at from ${listings} l
      where l.user_id = u.id and l.state = 'ACTIVE' and l.original_id is null
        and l.hidden_at is null ${set.makeId === null ? sql`` : sql`and l.make_id = ${set.makeId}`}
      order by ${order} limit ${limit}) l
    where u.city_id = ${set.cityId}
    order by ${order} limit ${limit}`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

/** The first `limit` cards of `set` in the public lists' order (promoted first, then newest). */
export async function firstCards(db: Db, set: CarSet, limit: number): Promise<CarCard[]> {
  if (set.cityId === null) return cards(db, makeWhere(set), defaultOrder, limit);
  const ids = await townIds(db, set, limit);
  return ids.length ? cards(db, and(isListed, inArray(listings.id, ids)), defaultOrder, limit) : [];
}
