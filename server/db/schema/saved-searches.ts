import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { MileageUnit } from '#shared/mileage.ts';
import type { SavedSearchAlert, SavedSearchFilters } from '#shared/schemas/saved-search.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * A buyer's saved /search: its filters and sort as POST cars/search takes them, and how new
 * matches reach the buyer. `checkedXid` is the alert job's watermark: every listing change of a
 * transaction id below it has been matched against this search (server/saved-searches/alerts.ts).
 * It starts at the snapshot's xmax, past every transaction begun before the search was saved:
 * only cars that go live afterwards are new to it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    filters: jsonb().$type<SavedSearchFilters>().notNull(),
    alert: text().$type<SavedSearchAlert>().notNull().default('instant'),
    /** The unit its alerts state mileages in (the filters are in stored miles). */
    mileageUnit: text().$type<MileageUnit>().notNull().default('mi'),
    checkedXid: bigint({ mode: 'number' })
      .notNull()
      .default(sql`pg_snapshot_xmax(pg_current_snapshot())::text::bigint`),
    lastOpenedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    digestSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_checked_idx').on(t.checkedXid),
  ],
);

/**
 * A listing that went live or changed while live (approval, approved edit, reactivation), with
 * the id of the transaction that did it: the alert job reads only committed transactions' rows.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    xid: bigint({ mode: 'number' })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_changes_xid_idx').on(t.xid)],
);

/**
 * A listing that matched a saved search: at most one row per (search, listing), so a listing
 * reaches a search once however often it changes or however many job runners see it.
 * `deliveredAt` is empty until an alert (instant or digest) told the buyer.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    matchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_listing_idx').on(t.listingId),
    index('saved_search_matches_pending_idx')
      .on(t.savedSearchId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
