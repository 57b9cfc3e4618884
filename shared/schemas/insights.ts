import { MAX_IMPRESSIONS } from '../limits.ts';
import { idParam } from './envelope.ts';
import { z } from './zod.ts';

/** The cards a visitor was shown on the home page or a page of search results. */
export const impressionsSchema = z
  .object({
    ids: z.array(idParam).max(MAX_IMPRESSIONS, `At most ${MAX_IMPRESSIONS} listings`),
    place: z.enum(['home', 'search']),
  })
  .meta({ id: 'Impressions' });
export type Impressions = z.infer<typeof impressionsSchema>;

/** What a visitor did on a listing page besides seeing it. */
export const listingEventSchema = z
  .object({ kind: z.enum(['phone', 'email', 'share']) })
  .meta({ id: 'ListingEvent' });
export type ListingEventKind = z.infer<typeof listingEventSchema>['kind'];

const count = z.number().int().min(0);

/** A listing's counters, for one day or in total. Contacts are phone and e-mail reveals. */
export const statsSchema = z.object({
  impressions: count,
  views: count,
  favoritesAdded: count,
  favoritesRemoved: count,
  phoneReveals: count,
  emailReveals: count,
  contacts: count,
  shares: count,
});
export type Stats = z.infer<typeof statsSchema>;

export const dayStatsSchema = statsSchema.extend({ day: z.iso.date() }).meta({ id: 'DayStats' });
export type DayStats = z.infer<typeof dayStatsSchema>;

/** Average impressions, views and contacts per day over a stretch of days. */
const averagesSchema = z.object({
  days: count,
  impressions: z.number(),
  views: z.number(),
  contacts: z.number(),
});
export type Averages = z.infer<typeof averagesSchema>;

export const listingInsightsSchema = z
  .object({
    listing: z.object({
      id: z.number().int(),
      title: z.string(),
      brand: z.string(),
      model: z.string(),
      state: z.string(),
      listingTypeId: z.number().int(),
      publishedAt: z.string().nullable(),
    }),
    /** Every day of the listing's life (within the retention period), oldest first. */
    days: z.array(dayStatsSchema),
    totals: statsSchema,
    /** Views per impression (0..1); null before the first impression. */
    clickThroughRate: z.number().nullable(),
    /** The days the listing spent under each listing type. */
    types: z.array(z.object({ listingTypeId: z.number().int(), name: z.string(), days: count })),
    /** The latest promotion, with the averages per day before and after it started. */
    promotion: z
      .object({
        startedAt: z.string(),
        listingTypeId: z.number().int(),
        name: z.string(),
        before: averagesSchema.nullable(),
        after: averagesSchema,
      })
      .nullable(),
  })
  .meta({ id: 'ListingInsights' });
export type ListingInsights = z.infer<typeof listingInsightsSchema>;

export const sellerListingRowSchema = statsSchema.extend({
  id: z.number().int(),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  state: z.string(),
  typeName: z.string(),
  clickThroughRate: z.number().nullable(),
});
export type SellerListingRow = z.infer<typeof sellerListingRowSchema>;

export const weekStatsSchema = z.object({
  /** The Monday the week starts on. */
  week: z.iso.date(),
  impressions: count,
  views: count,
  contacts: count,
});
export type WeekStats = z.infer<typeof weekStatsSchema>;

export const sellerInsightsSchema = z
  .object({
    listings: z.array(sellerListingRowSchema),
    /** The whole stock per week (companies only; null for private sellers). */
    weeks: z.array(weekStatsSchema).nullable(),
  })
  .meta({ id: 'SellerInsights' });
export type SellerInsights = z.infer<typeof sellerInsightsSchema>;

export const siteDaySchema = z.object({
  day: z.iso.date(),
  liveListings: count,
  newListings: count,
  removedListings: count,
  searches: count,
  views: count,
  contacts: count,
});
export type SiteDay = z.infer<typeof siteDaySchema>;

export const siteInsightsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

export const siteInsightsSchema = z
  .object({ days: z.array(siteDaySchema) })
  .meta({ id: 'SiteInsights' });
export type SiteInsights = z.infer<typeof siteInsightsSchema>;
