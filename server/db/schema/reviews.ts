import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A buyer's rating of a dealer about one car they messaged the dealer about: one per buyer and
 * car, kept after the listing is gone (no foreign key to it). The dealer answers once. Reports
 * of enough accounts hide a review until an admin decides.
 */
export const dealerReviews = pgTable(
  'dealer_reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    dealerId: integer()
      .notNull()
      .references(() => users.id),
    reviewerId: integer()
      .notNull()
      .references(() => users.id),
    listingId: integer().notNull(),
    /** The car as it was named when reviewed. */
    carTitle: text().notNull(),
    rating: integer().notNull(),
    text: text().notNull(),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dealer_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('dealer_reviews_one_per_car').on(t.reviewerId, t.listingId),
    index('dealer_reviews_dealer_idx').on(t.dealerId, t.createdAt.desc()),
  ],
);

/** An account's report of a review; one open report per account and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer()
      .notNull()
      .references(() => dealerReviews.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.reporterId] })],
);

/**
 * The network addresses (hashed) an account logged in from: a dealer's own addresses cannot
 * review it. Kept as the last time each was seen.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    addressHash: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.addressHash] }),
    index('login_addresses_address_idx').on(t.addressHash),
  ],
);

/**
 * Who may review which dealer about which car: a buyer's first message to a company about its
 * listing, written by a trigger on conversations and kept after the listing is removed (a car is
 * usually reviewed once it was sold).
 */
export const dealerContacts = pgTable(
  'dealer_contacts',
  {
    buyerId: integer()
      .notNull()
      .references(() => users.id),
    listingId: integer().notNull(),
    dealerId: integer()
      .notNull()
      .references(() => users.id),
    carTitle: text().notNull(),
    contactedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.listingId] })],
);
