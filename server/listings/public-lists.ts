import { and, desc, eq } from 'drizzle-orm';
import type { CarPage, HomePage } from '#shared/schemas/listing-display.ts';
import type { SearchFilters } from '#shared/schemas/listing-search.ts';
import { liveAds } from '../ads/ads.queries.ts';
import { listings as table } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { ListAnswer } from './caches.ts';
import {
  cardPage,
  cards,
  defaultOrder,
  isListed,
  keptCardPage,
  topSpottedWhere,
} from './listings.queries.ts';
import { keywordQuery, keywordSearchWhere, searchShape, sortOrder } from './search.ts';

/**
 * The public lists are the same for every caller: each answer is kept until a live listing, the
 * reference data (or, for the home list, an ad) changes, or a minute has passed (the cards' view
 * counts and sellers' towns). A key's prefix names its list, so a key always holds the same type.
 */
async function keptList<T extends ListAnswer>(
  deps: Deps,
  key: string,
  tags: string[],
  compute: () => Promise<T>,
): Promise<T> {
  const answer = await deps.listAnswerCache.getOrCompute(key, async () => ({
    value: await compute(),
    tags,
  }));
  return answer as T;
}

/** A page of the home list (promoted first), the ads and Top Spotted. */
export function homeList(
  deps: Deps,
  page: { pageNumber: number; pageSize: number },
): Promise<HomePage> {
  const { db } = deps;
  return keptList(
    deps,
    `home:${JSON.stringify(page)}`,
    ['listings', 'ads', 'reference'],
    async () => {
      const [list, ads, topSpottedCars] = await Promise.all([
        cardPage(db, { where: isListed, orderBy: defaultOrder, counts: deps.countCache, ...page }),
        liveAds(db),
        cards(db, topSpottedWhere, [desc(table.topSpottedAt)], 50),
      ]);
      return { cars: { cars: list.cars, ads, totalCount: list.totalCount }, topSpottedCars };
    },
  );
}

/** A page of the live listings that match every filter, in the order asked. */
export function searchList(deps: Deps, filters: SearchFilters): Promise<CarPage> {
  return keptList(deps, `search:${JSON.stringify(filters)}`, ['listings', 'reference'], async () =>
    keptCardPage(
      deps.db,
      {
        ...(await searchWhereOf(deps, filters)),
        orderBy: sortOrder(filters.sortBy, filters.sortDirection),
        pageNumber: filters.pageNumber,
        pageSize: filters.pageSize,
        counts: deps.countCache,
      },
      deps.cardCache,
    ),
  );
}

/**
 * A search's WHERE. With words, planned with their full-text query each time (no statement kept
 * per shape): how many listings the words match decides between the full-text index and the
 * order's. Without, a statement kept per shape of filters and order.
 */
async function searchWhereOf(deps: Deps, filters: SearchFilters) {
  if (filters.keyword)
    return { where: keywordSearchWhere(filters, await keywordQuery(deps.db, filters.keyword)) };
  const { shape, where, values } = searchShape(filters);
  const key = `${shape}|${filters.sortBy ?? ''}|${filters.sortDirection ?? ''}`;
  return { where, shape: { key, filters: shape, values } };
}

/** A page of a seller's live listings, newest first. */
export function sellerList(
  deps: Deps,
  userId: number,
  page: { pageNumber: number; pageSize: number },
): Promise<CarPage> {
  return cardPage(deps.db, { where: and(isListed, eq(table.userId, userId)), ...page });
}
