import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { priceModelSettings } from '#shared/price-insight.ts';
import type { Db } from '../db/client.ts';
import { listings, priceModelQueue, removedListingPrices } from '../db/schema/index.ts';
import { isListed, isLive } from '../listings/listings.queries.ts';
import {
  defaultPriceModelSettings,
  rateModel,
  type PriceInsight,
  type PriceModelSettings,
} from './price-model.ts';

export interface PriceJobSettings extends PriceModelSettings {
  /** How long a car taken down still counts as a comparable. */
  removedDays: number;
}

export const priceJobSettings: PriceJobSettings = {
  ...defaultPriceModelSettings,
  removedDays: priceModelSettings.removedDays,
};

const samePoints = (a: number[], b: number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Rates the models waiting in the queue, one model per transaction: its queue row is claimed with
 * FOR UPDATE SKIP LOCKED (two instances never rate one model at once), its live and recently
 * removed cars are read with two index reads, and only the ratings that changed are written, in
 * one statement (so only the pages that show them are invalidated). A change that comes while a
 * model is rated puts it back in the queue. Returns how many models were rated.
 */
export async function rateQueuedModels(
  db: Db,
  settings: PriceJobSettings,
  batch = 50,
): Promise<number> {
  let rated = 0;
  for (; rated < batch; rated++) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select()
        .from(priceModelQueue)
        .orderBy(priceModelQueue.dirtyAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!claimed) return false;
      await rateModelIn(tx, claimed.modelId, settings);
      await tx
        .delete(priceModelQueue)
        .where(
          and(
            eq(priceModelQueue.modelId, claimed.modelId),
            eq(priceModelQueue.version, claimed.version),
          ),
        );
      return true;
    });
    if (!done) break;
  }
  return rated;
}

/** Rates every live listing of one model and writes the ratings that changed. */
export async function rateModelIn(db: Db, modelId: number, settings: PriceJobSettings) {
  const live = await db
    .select({
      id: listings.id,
      year: listings.year,
      millage: listings.millage,
      price: listings.price,
      band: listings.priceBand,
      estimate: listings.priceEstimate,
      comparables: listings.priceComparables,
      deal: listings.priceDeal,
      points: listings.pricePoints,
    })
    .from(listings)
    // Listed cars (hidden ones wait for their review): read through the model's price index.
    .where(and(isListed, eq(listings.modelId, modelId)));
  const removed = await db
    .select({
      id: removedListingPrices.listingId,
      year: removedListingPrices.year,
      millage: removedListingPrices.millage,
      price: removedListingPrices.price,
    })
    .from(removedListingPrices)
    .where(
      and(
        eq(removedListingPrices.modelId, modelId),
        gt(
          removedListingPrices.removedAt,
          sql`now() - make_interval(days => ${settings.removedDays})`,
        ),
      ),
    );
  const ratings = rateModel(live, removed, settings);
  const changed = live.flatMap((car) => {
    const r = ratings.get(car.id) as PriceInsight;
    const same =
      r.band === car.band &&
      r.estimate === car.estimate &&
      r.comparables === car.comparables &&
      r.deal === car.deal &&
      samePoints(r.points, car.points);
    return same ? [] : [{ id: car.id, ...r }];
  });
  if (!changed.length) return 0;
  const column = <T>(pick: (r: (typeof changed)[number]) => T) => changed.map(pick);
  await db.execute(sql`
    update ${listings} set
      price_band = v.band, price_estimate = v.estimate, price_comparables = v.comparables,
      price_deal = v.deal, price_points = v.points::integer[]
    from unnest(
      ${sql.param(column((r) => r.id))}::integer[], ${sql.param(column((r) => r.band))}::integer[],
      ${sql.param(column((r) => r.estimate))}::integer[], ${sql.param(column((r) => r.comparables))}::integer[],
      ${sql.param(column((r) => r.deal))}::double precision[], ${sql.param(column((r) => `{${r.points.join(',')}}`))}::text[]
    ) as v(id, band, estimate, comparables, deal, points)
    where ${listings.id} = v.id`);
  return changed.length;
}

/**
 * The daily pass: every model with live listings is rated again (comparables taken down age out
 * of the window even when nothing else changes), and removed cars past the window are forgotten.
 */
export async function queueEveryModel(db: Db, settings: PriceJobSettings) {
  await db.execute(sql`
    insert into ${priceModelQueue} (model_id)
    select distinct ${listings.modelId} from ${listings} where ${isLive}
    on conflict do nothing`);
  await db
    .delete(removedListingPrices)
    .where(
      lt(
        removedListingPrices.removedAt,
        sql`now() - make_interval(days => ${settings.removedDays})`,
      ),
    );
}
