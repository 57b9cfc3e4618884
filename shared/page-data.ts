import type { LandingAnswer, LandingLink, LandingNames } from './landing.ts';
import type { Enumerables, Named } from './schemas/catalog.ts';
import type { ListingHistory, SellerFacts } from './schemas/history.ts';
import type { DealerReview, RatingSummary } from './schemas/review.ts';
import type { PublicConfiguration } from './schemas/configuration.ts';
import type { CarDetail, CarPage, HomePage } from './schemas/listing-display.ts';
import type { SearchRequest } from './schemas/listing-search.ts';
import type { TransparencyMonth } from './schemas/trust.ts';
import type { Seller } from './schemas/user.ts';

/** The reference lists a search panel or the listing form offers. */
export interface SiteReference {
  makes: Named[];
  enumerables: Enumerables;
  safety: Named[];
  equipment: Named[];
}

/** What the unsubscribe page's button did: the search whose alerts stopped, or why not. */
export type UnsubscribeOutcome =
  | { done: true; message: string; search: { name: string } }
  | { done: false; status: 400 | 404; message: string };

/**
 * What a server-rendered page reads, one function per need, handed to the pages by the server in
 * `Astro.locals.data`. Each reads the same services and caches the API's handlers read, with no
 * request in between; the answers have the API's shapes. A function rejects when the data cannot
 * be read; a page that can show itself without it logs that and goes on.
 */
export interface PageData {
  /** The public configuration with the listing types, as `GET configuration` answers it. */
  configuration(): Promise<PublicConfiguration>;
  /** The makes, enumerables, safety and equipment items. */
  reference(): Promise<SiteReference>;
  /** A make's models (none for an unknown make). */
  models(makeId: number): Promise<Named[]>;
  /** The cities a profile or registration offers. */
  cities(): Promise<Named[]>;
  /** A page of the home list with the ads and Top Spotted, as `POST cars` answers it. */
  home(pageNumber: number): Promise<HomePage>;
  /** A page of search results, as `POST cars/search` answers the same body. */
  search(request: SearchRequest): Promise<CarPage>;
  /** A live listing as everyone sees it, without counting a view; null when there is none. */
  listing(id: number): Promise<CarDetail | null>;
  /** A live listing's mileage timeline and its seller's facts, read in one statement. */
  history(listingId: number): Promise<ListingHistory>;
  /** What a listing or seller page tells of the seller, as `GET user/facts/{id}` answers it. */
  sellerFacts(userId: number): Promise<SellerFacts>;
  /** A company's rating and reviews, as `GET reviews/dealer/{id}` answers it. */
  dealerReviews(dealerId: number): Promise<{ summary: RatingSummary; reviews: DealerReview[] }>;
  /** A seller with a live listing and the first page of those listings; null for anyone else. */
  seller(id: number): Promise<{ seller: Seller; cars: CarPage } | null>;
  /** The landing page of a make, model, town or make in a town, named as in its address. */
  landing(names: LandingNames): Promise<LandingAnswer>;
  /** The landing pages of the makes with the most listed cars, by name. */
  popularMakes(): Promise<LandingLink[]>;
  /** The address of every landing page with listed cars, for the sitemap. */
  landingPaths(): Promise<string[]>;
  /** Every live listing's id and date, newest first, for the sitemap. */
  sitemap(): Promise<{ id: number; createdAt: string }[]>;
  /** Turns off the alerts of the saved search a signed unsubscribe token names. */
  unsubscribe(token: string): Promise<UnsubscribeOutcome>;
  /** The last twelve months of moderation figures, as `GET moderation/transparency` answers. */
  transparency(): Promise<TransparencyMonth[]>;
}
