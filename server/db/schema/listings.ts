import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ModerationGround, ReviewFlags } from '#shared/schemas/trust.ts';
import { equipmentItems, listingTypes, makes, models, safetyItems } from './reference.ts';
import { users } from './users.ts';

/**
 * A PostgreSQL full-text document. A listing's is kept by a trigger (migration
 * 0024_listing_keywords): its make, model and title, then its description.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const listingStates = ['ACTIVE', 'SUSPENDED', 'PENDING', 'DENIED'] as const;
export type ListingState = (typeof listingStates)[number];

/**
 * Listings and listing requests. A new listing is a PENDING row; approval makes it ACTIVE. An edit
 * of a live listing is a separate row pointing at it through originalId, so the live listing stays
 * as it was until the edit is approved (its fields are then copied over and the edit row removed).
 */
/**
 * What the public lists' partial indexes hold: live listings not hidden by reports (`isListed` in
 * server/listings/listings.queries.ts), so that search, counts and carousels read the index alone.
 */
const listed = (t: { state: AnyPgColumn; originalId: AnyPgColumn; hiddenAt: AnyPgColumn }) =>
  sql`${t.state} = 'ACTIVE' and ${t.originalId} is null and ${t.hiddenAt} is null`;

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
    /**
     * Price insight, precomputed by the price job (server/prices): the band (1 Great, 2 Good,
     * 3 Fair, 4 High; null = not enough comparable cars), the estimated market price, how many
     * comparable cars it rests on, price / estimate (the 'best deal' order) and the comparables'
     * prices (the listing page's chart). Never copied from an edit.
     */
    priceBand: integer(),
    priceEstimate: integer(),
    priceComparables: integer().notNull().default(0),
    priceDeal: doublePrecision(),
    pricePoints: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    deniedMessage: text(),
    /** What the trust checks found at the last submission (server/trust/flags.ts); null = nothing. */
    reviewFlags: jsonb().$type<ReviewFlags>(),
    /** When enough different people reported it: out of search until an admin reviews it. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** When an admin put it on the home page's 'Top Spotted' list; null = not top spotted. */
    topSpottedAt: timestamp({ withTimezone: true }),
    /**
     * The words a keyword search finds it by, made by the database from the make, the model, the
     * title and the description (server/listings/search.ts).
     */
    keywords: tsvector(),
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
    // The public lists: only listed live listings, in the default order (tier, then newest). The
    // order indexes end with the price, so a search with a price range reads its page of ids from
    // the index alone (the range checked on each entry, no table row read).
    index('listings_live_order_idx')
      .on(t.listingTypeId, t.publishedAt.desc(), t.id.desc(), t.price)
      .where(listed(t)),
    index('listings_live_make_idx').on(t.makeId, t.modelId).where(listed(t)),
    index('listings_live_price_idx').on(t.price).where(listed(t)),
    // By year (newest years first, then the newest listings): read in order.
    index('listings_live_year_idx')
      .on(t.year.desc(), t.publishedAt.desc(), t.id.desc(), t.price)
      .where(listed(t)),
    // A search by make in the default order or by year: the make's own range, read in order (the
    // year order, a make's 15,000 cars at 100,000 listings, was a filter over the whole year index).
    index('listings_live_make_order_idx')
      .on(t.makeId, t.listingTypeId, t.publishedAt.desc(), t.id.desc(), t.price)
      .where(listed(t)),
    index('listings_live_make_year_idx')
      .on(t.makeId, t.year.desc(), t.publishedAt.desc(), t.id.desc(), t.price)
      .where(listed(t)),
    // 'Similar vehicles' and 'More from this seller' on a listing page: the nearest prices of a
    // model, make or body, and a seller's live listings in the default order, each a range scan.
    // The price indexes also hold the order's tie-break (id) and the seller the carousel skips, so
    // the scans read no table rows: at 100,000 listings the carousels cost 0.1 ms instead of 1.4.
    index('listings_live_model_price_idx').on(t.modelId, t.price, t.id, t.userId).where(listed(t)),
    // A make's search by price (then newest) also reads its page from the index alone.
    index('listings_live_make_price_idx')
      .on(t.makeId, t.price, t.id, t.userId, t.publishedAt)
      .where(listed(t)),
    index('listings_live_body_price_idx').on(t.bodyId, t.price, t.id, t.userId).where(listed(t)),
    // Search by fuel and price, the commonest pair after make: counted from the index alone.
    index('listings_live_fuel_price_idx').on(t.fuelId, t.price).where(listed(t)),
    // Search by price rating and the 'best deal' order.
    index('listings_live_deal_idx').on(t.priceDeal.asc().nullsLast(), t.id.desc()).where(listed(t)),
    index('listings_live_band_idx').on(t.priceBand, t.priceDeal).where(listed(t)),
    index('listings_live_seller_order_idx')
      .on(t.userId, t.listingTypeId, t.publishedAt.desc(), t.id.desc())
      .where(listed(t)),
    // Duplicate detection: the normalised chassis number (server/trust/flags.ts).
    index('listings_chassis_idx')
      .on(
        sql`translate(upper(regexp_replace(coalesce(${t.chassisNumber}, ''), '[^A-Za-z0-9]', '', 'g')), 'IOQ', '100')`,
      )
      .where(sql`${t.state} in ('ACTIVE', 'PENDING')`),
    index('listings_top_spotted_idx')
      .on(t.topSpottedAt)
      .where(sql`${t.topSpottedAt} is not null`),
    // The back-office's active listings: sorted by title, and searched by any part of it
    // (trigrams, so `ilike '%golf%'` reads the index instead of every live listing).
    index('listings_live_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
    // The keyword search (listing_keyword_query(), made from the words asked).
    index('listings_live_keywords_idx').using('gin', t.keywords).where(listed(t)),
    index('listings_live_title_search_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .where(sql`${t.state} = 'ACTIVE' and ${t.originalId} is null`),
  ],
);

/**
 * One 16-bit band of a photo hash (0 is the highest), the expression its index is on; the
 * duplicate look-up (server/trust/flags.ts) must write it exactly so. Constants, not parameters.
 */
export const photoBand = (hash: AnyPgColumn, band: number) =>
  sql`((${hash} >> ${sql.raw(String(48 - 16 * band))}) & 65535)`;

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
    /**
     * 64-bit perceptual hash of the photo (server/trust/phash.ts), for finding copies: null until
     * computed, 0 for a flat or unreadable image. Each of its four 16-bit bands is indexed.
     */
    phash: bigint({ mode: 'bigint' }),
  },
  // Also listing_images_cover_idx (listing_id, is_cover desc, position) include (key, card_widths),
  // which every card's cover photo reads: made by migration 0010, as Drizzle has no INCLUDE.
  (t) => [
    index('listing_images_listing_idx').on(t.listingId, t.position),
    ...[0, 1, 2, 3].map((band) =>
      index(`listing_images_phash_band${band}_idx`).on(photoBand(t.phash, band)),
    ),
  ],
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
    /** What the report says is wrong: illegal content, or a breach of the terms of use. */
    ground: text().$type<ModerationGround>().notNull().default('terms'),
    /** Where a reporter who is not logged in hears the outcome (an e-mail address), if given. */
    contact: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp({ withTimezone: true }),
    /** When the reporter was told what was decided. */
    outcomeSentAt: timestamp({ withTimezone: true }),
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

/**
 * A listing's views so far, kept beside the listing and not in it: views are added every few
 * seconds, and every such update of a listings row would clear its page's all-visible bit, which
 * the searches' counts and the carousels' index-only reads need (without it they read the table).
 */
export const listingViewCounts = pgTable('listing_view_counts', {
  listingId: integer()
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  views: integer().notNull().default(0),
});

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

/**
 * What a listing got on one day (UTC): the counters of seller insights, written by the batched
 * flush of every instance as `+=` upserts, so instances add up instead of overwriting each other.
 * Kept for STATS_RETENTION_DAYS (server/insights/retention.ts).
 */
export const listingStats = pgTable(
  'listing_stats',
  {
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    impressions: integer().notNull().default(0),
    views: integer().notNull().default(0),
    favoritesAdded: integer().notNull().default(0),
    favoritesRemoved: integer().notNull().default(0),
    phoneReveals: integer().notNull().default(0),
    emailReveals: integer().notNull().default(0),
    shares: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index('listing_stats_day_idx').on(t.day)],
);

/**
 * The whole site on one day (UTC), for the back-office home. Views and contacts are added here as
 * well as per listing, so the totals outlive a removed listing's rows.
 */
export const siteStats = pgTable('site_stats', {
  day: date({ mode: 'string' }).primaryKey(),
  /** Live listings at the last snapshot of the day (the insights job). */
  liveListings: integer().notNull().default(0),
  newListings: integer().notNull().default(0),
  removedListings: integer().notNull().default(0),
  searches: integer().notNull().default(0),
  views: integer().notNull().default(0),
  contacts: integer().notNull().default(0),
});
