import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { equipmentItems, listingTypes, makes, models, safetyItems } from './reference.ts';
import { users } from './users.ts';

export const listingStates = ['ACTIVE', 'SUSPENDED', 'PENDING', 'DENIED'] as const;
export type ListingState = (typeof listingStates)[number];

/**
 * Listings and listing requests. A new listing is a PENDING row; approval makes it ACTIVE. An edit
 * of a live listing is a separate row pointing at it through originalId, so the live listing stays
 * as it was until the edit is approved (its fields are then copied over and the edit row removed).
 */
export const listings = pgTable(
  'listings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    originalId: integer().references((): AnyPgColumn => listings.id),
    state: text().$type<ListingState>().notNull(),
    listingTypeId: integer()
      .notNull()
      .references(() => listingTypes.id),
    categoryId: integer().notNull().default(1),
    makeId: integer()
      .notNull()
      .references(() => makes.id),
    modelId: integer()
      .notNull()
      .references(() => models.id),
    title: text().notNull(),
    bodyId: integer().notNull(),
    fuelId: integer().notNull(),
    doorNumberId: integer().notNull(),
    emissionClassId: integer().notNull(),
    driveTrainId: integer(),
    transmissionId: integer().notNull(),
    steeringWheelSideId: integer().notNull(),
    acTypeId: integer().notNull(),
    originId: integer().notNull(),
    colorId: integer().notNull(),
    chargerTypeId: integer(),
    chassisNumber: text(),
    year: integer().notNull(),
    price: integer().notNull(),
    currency: text().notNull(),
    isFixedPrice: boolean().notNull().default(false),
    isDirectFinanceAvailable: boolean().notNull().default(false),
    isFirstOwner: boolean().notNull().default(false),
    isRedPlate: boolean().notNull().default(false),
    cubics: integer().notNull().default(0),
    power: integer().notNull(),
    millage: integer().notNull(),
    /** kWh, may have decimals. */
    batteryCapacity: doublePrecision().notNull().default(0),
    batteryRange: integer().notNull().default(0),
    /** First day of the month the registration runs to; null = not registered. */
    registrationExpiration: date({ mode: 'string' }),
    description: text().notNull().default(''),
    views: integer().notNull().default(0),
    deniedMessage: text(),
    /** When an admin put it on the home page's 'Top Spotted' list; null = not top spotted. */
    topSpottedAt: timestamp({ withTimezone: true }),
    /** First approval: the default order's "newest" (an approved edit does not change it). */
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('listings_state_check', sql`${t.state} in ('ACTIVE', 'SUSPENDED', 'PENDING', 'DENIED')`),
    check('listings_price_check', sql`${t.price} >= 0`),
    index('listings_user_idx').on(t.userId, t.state),
    uniqueIndex('listings_one_edit_per_original').on(t.originalId),
    index('listings_state_idx').on(t.state, t.createdAt),
    // The public lists: only live listings, in the default order (tier, then newest).
    index('listings_live_order_idx')
      .on(t.listingTypeId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_make_idx')
      .on(t.makeId, t.modelId)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_price_idx')
      .on(t.price)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_year_idx')
      .on(t.year)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    // 'Similar vehicles' and 'More from this seller' on a listing page: the nearest prices of a
    // model, make or body, and a seller's live listings in the default order, each a range scan.
    index('listings_live_model_price_idx')
      .on(t.modelId, t.price)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_make_price_idx')
      .on(t.makeId, t.price)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_body_price_idx')
      .on(t.bodyId, t.price)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    // Search by fuel and price, the commonest pair after make: counted from the index alone.
    index('listings_live_fuel_price_idx')
      .on(t.fuelId, t.price)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_seller_order_idx')
      .on(t.userId, t.listingTypeId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_top_spotted_idx')
      .on(t.topSpottedAt)
      .where(sql`${t.topSpottedAt} is not null`),
    // The back-office's active listings: sorted by title, and searched by any part of it
    // (trigrams, so `ilike '%golf%'` reads the index instead of every live listing).
    index('listings_live_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    index('listings_live_title_search_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Storage key of the 840 px version; the other versions' keys are derived from it. */
    key: text().notNull(),
    position: integer().notNull(),
    isCover: boolean().notNull().default(false),
    width: integer().notNull(),
    height: integer().notNull(),
    /** Pixel widths of the WebP card versions; empty for photos stored before they existed. */
    cardWidths: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The full-screen version (longer side up to 2048 px), when the upload was larger than 840 px. */
    largeWidth: integer(),
    largeHeight: integer(),
  },
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.position)],
);

export const listingSafety = pgTable(
  'listing_safety',
  {
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => safetyItems.id),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.itemId] }),
    index('listing_safety_item_idx').on(t.itemId),
  ],
);

export const listingEquipment = pgTable(
  'listing_equipment',
  {
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => equipmentItems.id),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.itemId] }),
    index('listing_equipment_item_idx').on(t.itemId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id),
    /** Who reported: `user:<id>`, or `visitor:<hash>` for someone not logged in. */
    reporter: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reports_listing_idx').on(t.listingId, t.createdAt),
    uniqueIndex('reports_one_open_per_reporter')
      .on(t.listingId, t.reporter)
      .where(sql`${t.dismissedAt} is null`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favorites_listing_idx').on(t.listingId),
  ],
);

/** One row per listing, visitor and day: a view is counted once per visitor per day. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    visitor: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.visitor, t.day] })],
);
