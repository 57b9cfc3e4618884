import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const listingOutcomes = ['LIVE', 'WITHDRAWN', 'SOLD'] as const;
export type ListingOutcome = (typeof listingOutcomes)[number];

/**
 * Every listing that ever went live, kept after the listing itself is removed: what a car's
 * mileage timeline says of its earlier listings and how many cars a seller sold through Spotted.
 * Written by triggers on listings (the migration's hand-written part), whatever the path; a
 * removal marks it WITHDRAWN unless the owner said it was sold.
 */
export const listingRecords = pgTable(
  'listing_records',
  {
    /** The listing's id; no foreign key, as the record outlives the listing. */
    listingId: integer().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The normalised chassis number (server/trust/flags.ts); null when too short to identify. */
    chassis: text(),
    outcome: text().$type<ListingOutcome>().notNull().default('LIVE'),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('listing_records_outcome_check', sql`${t.outcome} in ('LIVE', 'WITHDRAWN', 'SOLD')`),
    index('listing_records_chassis_idx').on(t.chassis),
    index('listing_records_user_idx').on(t.userId, t.outcome),
  ],
);

export const mileageSources = ['LISTING', 'EDIT'] as const;
export type MileageSource = (typeof mileageSources)[number];

/**
 * The mileages (in the listing form's unit) a car was listed with: one when a listing with a
 * chassis number goes live, one each time an approved edit changes its mileage. Written by a
 * trigger on listings; the seller may add an explanation (a replaced instrument cluster).
 */
export const mileageReadings = pgTable(
  'mileage_readings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chassis: text().notNull(),
    listingId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    source: text().$type<MileageSource>().notNull(),
    mileage: integer().notNull(),
    price: integer().notNull(),
    currency: text().notNull(),
    note: text(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mileage_readings_source_check', sql`${t.source} in ('LISTING', 'EDIT')`),
    index('mileage_readings_chassis_idx').on(t.chassis, t.readAt, t.id),
    index('mileage_readings_listing_idx').on(t.listingId, t.id),
  ],
);
