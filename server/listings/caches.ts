import type { Changes } from '../db/changes.ts';
import { TaggedCache } from '../db/tagged-cache.ts';
import type { LiveListing } from './details.ts';

/** How long a kept view count may lag behind the database (a minute at most with the flush). */
const VIEWS_KEPT_MS = 55_000;

/**
 * What the listing reads keep in memory, each entry until a change notice ends it:
 * - `details`: everyone's view of a live listing as JSON text, about 16 KB each (the listing and
 *   its 24 cards), so 1,000 take about 16 MB;
 * - `liveListings`: a live listing's owner, age and views, a few hundred bytes each with its tag;
 * - `lists`: answers of the public lists (searches, the home list), 25 to 50 KB each (a text with
 *   a euro sign is kept two bytes a character).
 * The last two show view counts, so they are also read again within a minute.
 */
export function listingCaches(changes: Pick<Changes, 'subscribe'>, details = 1000) {
  return {
    details: new TaggedCache<string>({ maxEntries: details, ttlMs: 60_000 }, changes),
    liveListings: new TaggedCache<LiveListing>(
      { maxEntries: 10_000, ttlMs: VIEWS_KEPT_MS },
      changes,
    ),
    lists: new TaggedCache<string>({ maxEntries: 200, ttlMs: VIEWS_KEPT_MS }, changes),
  };
}
