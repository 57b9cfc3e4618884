import type { CarCard, CarDetail } from '#shared/schemas/listing-display.ts';
import type { ReferenceCache } from './catalog/reference.ts';
import type { Config } from './config.ts';
import type { TaggedCache } from './db/tagged-cache.ts';
import type { CountCache } from './listings/counts.ts';
import type { ListAnswer, LiveListing } from './listings/caches.ts';
import type { LandingSets } from './landing/landing-sets.ts';
import type { ViewCounter } from './listings/views.ts';
import type { TallyCounter } from './insights/tallies.ts';
import type { Changes } from './db/changes.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { VapidKeys } from './push/vapid.ts';
import type { PaymentProvider } from './payments/providers/provider.ts';
import type { Storage } from './storage/storage.ts';

/** What every request can reach; built once at start (server/boot.ts) or per test file. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  jwtKey: Uint8Array;
  /** The web push key pair (server/push/vapid.ts). */
  vapid: VapidKeys;
  payments: PaymentProvider;
  /** What changed, from any instance (database notices), for what is kept in memory. */
  changes: Changes;
  referenceCache: ReferenceCache;
  views: ViewCounter;
  /** Favourites and searches, batched like the views (server/insights). */
  tallies: TallyCounter;
  countCache: CountCache;
  /** Live listings as they show to everyone, kept until what they show changes. */
  listingDetailCache: TaggedCache<CarDetail>;
  /** Live listings' owners and views, for views and beacons (server/listings/details.ts). */
  liveListingCache: TaggedCache<LiveListing>;
  /** Answers of the public lists, kept until a listing changes. */
  listAnswerCache: TaggedCache<ListAnswer>;
  /** Live listings' cards, kept until the listing, its seller or the reference change. */
  cardCache: TaggedCache<CarCard>;
  /** The sets of listed cars the landing pages show, kept until one changes. */
  landingSetCache: TaggedCache<LandingSets>;
}
