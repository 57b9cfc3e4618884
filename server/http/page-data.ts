import type { PageData, UnsubscribeOutcome } from '#shared/page-data.ts';
import { savedSearchMessages } from '#shared/saved-searches.ts';
import { limits } from '#shared/limits.ts';
import { paging } from '#shared/schemas/envelope.ts';
import { searchSchema } from '#shared/schemas/listing-search.ts';
import type { Deps } from '../deps.ts';
import { listingHistory, sellerFacts } from '../history/history.service.ts';
import { landingPage, landingPaths, popularMakes } from '../landing/landing.service.ts';
import { liveListingPage } from '../listings/details.ts';
import { dealerReviewsOf } from '../reviews/reviews.service.ts';
import { homeList, searchList, sellerList } from '../listings/public-lists.ts';
import { liveListingDates } from '../listings/listings.queries.ts';
import { unsubscribe } from '../saved-searches/saved-searches.service.ts';
import { transparency } from '../trust/transparency.ts';
import { getSeller } from '../users/users.service.ts';
import { ApiError } from './errors.ts';

/** The answer's status when `err` is the API's refusal with one of `statuses`; otherwise none. */
const refusal = <S extends number>(err: unknown, statuses: readonly S[]) =>
  err instanceof ApiError && (statuses as readonly number[]).includes(err.status)
    ? (err.status as S)
    : null;

/**
 * The server-rendered pages' data (`Astro.locals.data`): the services and caches the API's
 * handlers use, called directly, for an anonymous visitor (the pages are the same for everyone).
 */
export function pageData(deps: Deps): PageData {
  const reference = () => deps.referenceCache.get();
  return {
    configuration: async () => (await reference()).configuration,
    reference: async () => {
      const { makes, enumerables, safety, equipment } = await reference();
      return { makes, enumerables, safety, equipment };
    },
    models: async (makeId) => (await reference()).models(makeId),
    cities: async () => (await reference()).cities,
    home: async (pageNumber) => homeList(deps, paging().parse({ pageNumber })),
    search: async (request) => searchList(deps, searchSchema.parse(request)),
    listing: (id) => liveListingPage(deps, id),
    history: (id) => listingHistory(deps.db, id),
    sellerFacts: (id) => sellerFacts(deps.db, id),
    dealerReviews: (id) => dealerReviewsOf(deps.db, id),
    seller: async (id) => {
      try {
        const [seller, cars] = await Promise.all([
          getSeller(deps, undefined, id),
          sellerList(deps, id, { pageNumber: 1, pageSize: limits.pageSize }),
        ]);
        return { seller, cars };
      } catch (err) {
        if (refusal(err, [404])) return null;
        throw err;
      }
    },
    landing: (names) => landingPage(deps, names),
    landingPaths: () => landingPaths(deps),
    popularMakes: () => popularMakes(deps),
    sitemap: () => liveListingDates(deps.db),
    transparency: () => transparency(deps.db),
    unsubscribe: async (token): Promise<UnsubscribeOutcome> => {
      try {
        const search = await unsubscribe(deps.db, deps.jwtKey, token);
        return { done: true, message: savedSearchMessages.unsubscribed, search };
      } catch (err) {
        const status = refusal(err, [400, 404] as const);
        if (status && err instanceof Error) return { done: false, status, message: err.message };
        throw err;
      }
    },
  };
}
