import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * Every price a live listing has had, with the day it took it: written by a trigger (migration
 * 0009) when a listing first goes live and whenever its live price changes, whatever the path.
 */
export const listingPrices = pgTable(
  'listing_prices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    price: integer().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_prices_listing_idx').on(t.listingId, t.id)],
);

/** Who was told of which price drop: the key that makes each drop reach each favouriter once. */
export const priceDropAlerts = pgTable(
  'price_drop_alerts',
  {
    priceId: integer()
      .notNull()
      .references(() => listingPrices.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.priceId, t.userId] })],
);

/**
 * Live listings that were taken down, kept (by a trigger) as comparables for the price model
 * for a while after: a market of Malta's size needs the recent past to have enough of them.
 */
export const removedListingPrices = pgTable(
  'removed_listing_prices',
  {
    listingId: integer().primaryKey(),
    modelId: integer().notNull(),
    year: integer().notNull(),
    millage: integer().notNull(),
    price: integer().notNull(),
    removedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('removed_listing_prices_model_idx').on(t.modelId, t.removedAt)],
);

/**
 * Models whose ratings must be computed again (a trigger adds a model when one of its live
 * listings changes what the model reads); the price job claims them with SKIP LOCKED.
 */
export const priceModelQueue = pgTable('price_model_queue', {
  modelId: integer().primaryKey(),
  dirtyAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** Raised by every change: the job removes the row only if no change came while it rated. */
  version: integer().notNull().default(1),
});
