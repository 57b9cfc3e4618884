import type { CarCard, CarDetail, CarPage, HomePage } from '#shared/schemas/listing-display.ts';
import type { Changes } from '../db/changes.ts';
import { TaggedCache } from '../db/tagged-cache.ts';
import type { LandingSets } from '../landing/landing-sets.ts';

/** How long a kept view count may lag behind the database (a minute at most with the flush). */
const VIEWS_KEPT_MS = 55_000;

const MB = 1024 * 1024;

/** What a view needs of a live listing besides its detail: its owner, its age and its views. */
export interface LiveListing {
  userId: number;
  publishedAt: Date | null;
  views: number;
}

/** What the public lists answer: the home page, or a page of cards (a search). */
export type ListAnswer = HomePage | CarPage;

/** A kept value's size, as the length of its JSON. */
const jsonBytes = (value: unknown) => JSON.stringify(value).length;

/**
 * What the listing reads keep in memory, each entry until a change notice ends it, bounded by
 * the length of their JSON:
 * - `listingDetailCache`: a live listing as it shows to everyone, about 20 KB of JSON each (the
 *   listing, its photos' versions and its 24 cards), 24 MB at most (about 1,200);
 * - `liveListingCache`: a live listing's owner, age and views, a few hundred bytes each with its
 *   tag;
 * - `listAnswerCache`: answers of the public lists (searches, the home list), about 35 KB for a
 *   page of 50 cards, 8 MB at most (about 230 such pages);
 * - `cardCache`: live listings' cards, about 700 bytes of JSON each, 12 MB at most (about
 *   16,000), which searches no list answered yet are made of; a reference notice ends them all.
 * - `landingSetCache`: the sets of listed cars the landing pages show, one value of a few thousand
 *   figures, until a listed car joins or leaves a set or changes its price or tier ('cars').
 * The middle three show view counts, so they are also read again within a minute. A listing's
 * details and a list's answer are kept from their second read (among the last 20,000 listings and
 * 10,000 lists missed): one read once (a listing opened once through the API, a search made once)
 * stays young garbage instead of filling the old generation until pushed out.
 */
export function listingCaches(changes: Pick<Changes, 'subscribe'>, detailsMb = 24) {
  return {
    listingDetailCache: new TaggedCache<CarDetail>(
      {
        maxEntries: 10_000,
        maxBytes: detailsMb * MB,
        sizeOf: jsonBytes,
        ttlMs: 60_000,
        keepRepeated: { remember: 20_000 },
      },
      changes,
    ),
    liveListingCache: new TaggedCache<LiveListing>(
      { maxEntries: 10_000, ttlMs: VIEWS_KEPT_MS },
      changes,
    ),
    listAnswerCache: new TaggedCache<ListAnswer>(
      {
        maxEntries: 1000,
        maxBytes: 8 * MB,
        sizeOf: jsonBytes,
        ttlMs: VIEWS_KEPT_MS,
        keepRepeated: { remember: 10_000 },
      },
      changes,
    ),
    cardCache: new TaggedCache<CarCard>(
      {
        maxEntries: 16_000,
        maxBytes: 12 * MB,
        sizeOf: jsonBytes,
        ttlMs: VIEWS_KEPT_MS,
        endedBy: ['reference'],
      },
      changes,
    ),
    landingSetCache: new TaggedCache<LandingSets>({ maxEntries: 1, ttlMs: 3_600_000 }, changes),
  };
}
