import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FeedPhotoSource, FeedReportLine, FeedRunStatus } from '#shared/schemas/feed.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A dealer's stock file at an https address, fetched on a schedule (hourly at most) and imported
 * as an upload is. An administrator may pause it.
 */
export const dealerFeeds = pgTable(
  'dealer_feeds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    paused: boolean().notNull().default(false),
    lastFetchedAt: timestamp({ withTimezone: true }),
    /** The validators of the file last fetched: the next fetch asks whether it changed since. */
    etag: text(),
    lastModified: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dealer_feeds_user_key').on(t.userId),
    index('dealer_feeds_due_idx').on(t.lastFetchedAt),
  ],
);

/**
 * One import of a dealer's stock file, run by the import job. The file (and its photos' ZIP) stays
 * with the run until it finishes, so a run stopped by the safety lock can go on once the dealer
 * confirms it, and a run cut off by a stopped instance can be taken up again.
 */
export const feedRuns = pgTable(
  'feed_runs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The scheduled feed that fetched the file; null for an upload. */
    feedId: integer().references(() => dealerFeeds.id, { onDelete: 'set null' }),
    status: text().$type<FeedRunStatus>().notNull(),
    fileName: text().notNull(),
    content: text(),
    photosZip: bytea(),
    /** Why the run stopped (the safety lock, a file that cannot be read). */
    message: text(),
    report: jsonb().$type<FeedReportLine[]>().notNull().default([]),
    /** The report's lines written so far, of how many (the progress the account area shows). */
    linesDone: integer().notNull().default(0),
    linesTotal: integer().notNull().default(0),
    /** The dealer confirmed it, or the safety lock let it through: taken up again, it goes on. */
    confirmed: boolean().notNull().default(false),
    /** Written while an instance imports it: a run whose beat stops is taken up by another. */
    heartbeatAt: timestamp({ withTimezone: true }),
    /** How many times an instance took it up. */
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('feed_runs_user_idx').on(t.userId, t.createdAt),
    // One import of a dealer's stock queued or running at a time, across every instance.
    uniqueIndex('feed_runs_one_running')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('feed_runs_waiting_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * A dealer's car by its stock number: the listing it made and what its feed line said last, so a
 * line that says the same again changes nothing. Written in the transaction that writes the
 * listing, and gone with it.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stockNumber: text().notNull(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    lineHash: text().notNull(),
    photos: jsonb().$type<FeedPhotoSource[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stockNumber] }),
    index('feed_items_listing_idx').on(t.listingId),
    check('feed_items_stock_number_length', sql`length(${t.stockNumber}) between 1 and 64`),
  ],
);

/**
 * A dealer's key to the dealer API: only its SHA-256 is kept (the key itself is shown once), with
 * its first characters so the account area can tell keys apart. A revoked key stays listed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
  ],
);
