import {
  and,
  asc,
  desc,
  eq,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { CarCard, CarPage } from '#shared/schemas/listing-display.ts';
import type { Db } from '../db/client.ts';
import { listingImages, listings, listingViewCounts, users } from '../db/schema/index.ts';
import { prepared, preparedShapes, statementName } from '../db/prepared.ts';
import { referenceOf, type Reference } from '../catalog/reference.ts';
import type { CountCache } from './counts.ts';
import { cardUrl, cardVersions } from './photos.ts';
import type { TaggedCache } from '../db/tagged-cache.ts';

/**
 * Live listings: approved, not an edit request, shown to everyone. The state is written as a
 * constant, not a parameter: a statement prepared once can then be planned once for all its values
 * (a generic plan) and still read the live listings' partial indexes, which PostgreSQL may use
 * only when it can prove the statement's condition implies theirs.
 */
export const isLive = and(sql`${listings.state} = 'ACTIVE'`, isNull(listings.originalId));
/** Live and listed: what search, the home page and a seller's offer show (not hidden by reports). */
export const isListed = and(isLive, isNull(listings.hiddenAt));

/**
 * `columns` of the cover photo of the listing a statement reads (`listings`): the photo marked as
 * cover, else the first.
 */
const ofCover = <T>(columns: SQL) => sql<T | null>`(
  select ${columns} from ${listingImages}
  where ${listingImages.listingId} = ${listings.id}
  order by ${listingImages.isCover} desc, ${listingImages.position}
  limit 1)`;

/** The views counted so far of the listing a statement reads (`listings`). */
export const viewsOf = sql<number>`coalesce((
  select ${listingViewCounts.views} from ${listingViewCounts}
  where ${listingViewCounts.listingId} = ${listings.id}), 0)`;

/** The key of a listing's cover photo (null without photos). */
export const coverKey = ofCover<string>(sql`${listingImages.key}`);

const cover = ofCover<{ key: string; cardWidths: number[] }>(
  sql`json_build_object('key', ${listingImages.key}, 'cardWidths', ${listingImages.cardWidths})`,
);

/**
 * The card columns of every listing list, with one query for the page. Names of makes, models,
 * enumerables and cities come from the reference data in memory, so the query joins only the
 * seller (a wider join cost more to plan than to run).
 */
const cardColumns = {
  id: listings.id,
  userId: listings.userId,
  cover,
  makeId: listings.makeId,
  modelId: listings.modelId,
  title: listings.title,
  bodyId: listings.bodyId,
  fuelId: listings.fuelId,
  transmissionId: listings.transmissionId,
  year: listings.year,
  millage: listings.millage,
  location: users.address,
  cityId: users.cityId,
  currency: listings.currency,
  price: listings.price,
  views: viewsOf,
  typeId: listings.listingTypeId,
  topSpottedAt: listings.topSpottedAt,
  state: listings.state,
  originalId: listings.originalId,
  createdAt: listings.createdAt,
  publishedAt: listings.publishedAt,
};

/** The card columns, and any `extra` ones (a page's `total`), of listings with their seller. */
function cardQuery<Extra extends Record<string, SQL>>(db: Db, extra?: Extra) {
  return db
    .select({ ...cardColumns, ...(extra as Extra) })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function toCard(row: CardRow, reference: Reference): CarCard {
  const photo = row.cover;
  return {
    id: row.id,
    title: row.title,
    year: row.year,
    millage: row.millage,
    location: row.location,
    currency: row.currency,
    price: row.price,
    views: row.views,
    typeId: row.typeId,
    state: row.state,
    originalId: row.originalId,
    brand: reference.makeName(row.makeId),
    model: reference.modelName(row.modelId),
    body: reference.enumerableName('bodies', row.bodyId) ?? '',
    fuel: reference.enumerableName('fuels', row.fuelId) ?? '',
    transmission: reference.enumerableName('transmissions', row.transmissionId) ?? '',
    city: reference.cityName(row.cityId),
    image: photo ? cardUrl(photo.key) : null,
    imageVersions: photo ? cardVersions(photo.key, photo.cardWidths) : [],
    isTopSpotted: row.topSpottedAt !== null,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/**
 * The order of the public lists: premium, then featured, then the rest; newest first. Spelled as
 * the live-order indexes are (nulls last), so PostgreSQL reads them in order instead of sorting.
 */
export const defaultOrder = [
  asc(listings.listingTypeId),
  sql`${listings.publishedAt} desc nulls last`,
  sql`${listings.id} desc nulls last`,
];

export interface CardPage {
  where: SQL | undefined;
  orderBy?: SQL[];
  pageNumber?: number;
  pageSize?: number;
  /** Where the total of a public list is kept between changes (not for a user's own lists). */
  counts?: CountCache;
  /**
   * When `where` holds placeholders: `key` names the statement's shape (its filters and order), so
   * its SQL is built once, `filters` names its filters alone (the total does not depend on the
   * order), and `values` fills the placeholders.
   */
  shape?: { key: string; filters: string; values: Record<string, unknown> };
}

/** What a page's statement reads of each listing: its card's columns, or only its id. */
type PageColumns = 'cards' | 'ids';
type PageRow<C extends PageColumns> = (C extends 'cards' ? CardRow : { id: number }) & {
  total?: number;
};

/** How one page is read: the count's key in the count cache, and the two statements. */
interface PageStatements<C extends PageColumns> {
  countKey: string;
  count(): Promise<number>;
  /** The page's rows; `withTotal`: each also carries the filter's total count. */
  rows(withTotal: boolean): Promise<PageRow<C>[]>;
}

/**
 * Page statements built once per shape and database (drizzle builds a search's SQL in about as
 * long as PostgreSQL takes to run it); the first 128 shapes are prepared by name, so PostgreSQL
 * plans them once per connection (planning a search took longer than running it).
 */
const shapes = preparedShapes<{ execute(values: Record<string, unknown>): Promise<unknown[]> }>(
  500,
  128,
);

function pageStatements<C extends PageColumns>(
  db: Db,
  page: CardPage,
  columns: C,
  limit: number,
  offset: number,
): PageStatements<C> {
  const countQuery = () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(page.where);
  const pageQuery = (
    withTotal: boolean,
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) => {
    const total = withTotal ? { total: sql<number>`(${countQuery()})` } : undefined;
    const query =
      columns === 'cards'
        ? cardQuery(db, total).$dynamic()
        : db
            .select({ id: listings.id, ...total })
            .from(listings)
            .$dynamic();
    return query
      .where(page.where)
      .orderBy(...(page.orderBy ?? defaultOrder))
      .limit(limit)
      .offset(offset);
  };
  const { shape } = page;
  if (!shape) {
    const { sql: text, params } = countQuery().toSQL();
    return {
      countKey: JSON.stringify([text, params]),
      count: async () => (await countQuery())[0]?.n ?? 0,
      rows: async (withTotal) => (await pageQuery(withTotal, limit, offset)) as PageRow<C>[],
    };
  }
  const statement = (
    name: string,
    build: () => { prepare(name: string): unknown; toSQL(): { sql: string } },
  ) =>
    shapes(db, `${name}|${shape.key}`, (named) => {
      const query = build();
      // An empty name: an unnamed statement, parsed and planned by PostgreSQL at each run.
      return query.prepare(named ? statementName(query.toSQL().sql) : '') as ReturnType<
        typeof shapes
      >;
    });
  const at = sql.placeholder;
  return {
    countKey: `${shape.filters}|${JSON.stringify(shape.values)}`,
    count: async () =>
      ((await statement('count', countQuery).execute(shape.values)) as { n: number }[])[0]?.n ?? 0,
    rows: async (withTotal) =>
      (await statement(`${columns}${withTotal ? '+total' : ''}`, () =>
        pageQuery(withTotal, at('limit'), at('offset')),
      ).execute({ ...shape.values, limit, offset })) as PageRow<C>[],
  };
}

/**
 * One page's rows and the total count of the filter. When the count is not kept, it is read in
 * the same statement as the page (a subquery PostgreSQL runs once): one round trip instead of two.
 */
async function pageOf<C extends PageColumns>(db: Db, page: CardPage, columns: C) {
  const size = page.pageSize ?? 50;
  const offset = ((page.pageNumber ?? 1) - 1) * size;
  const statements = pageStatements(db, page, columns, size, offset);
  const kept = page.counts?.peek(statements.countKey);
  const keep = kept ? undefined : page.counts?.keeper(statements.countKey);
  const rows = await statements.rows(!kept);
  // No row (a page past the end, or nothing matches): the count is read on its own.
  const totalCount = kept
    ? await kept
    : (rows[0]?.total ?? (offset === 0 ? 0 : await statements.count()));
  keep?.(totalCount);
  return { rows, totalCount };
}

/** One page of cards and the total count of the filter. */
export async function cardPage(
  db: Db,
  page: CardPage,
): Promise<{ cars: CarCard[]; totalCount: number }> {
  const [{ rows, totalCount }, reference] = await Promise.all([
    pageOf(db, page, 'cards'),
    referenceOf(db),
  ]);
  return { cars: rows.map((row) => toCard(row, reference)), totalCount };
}

/**
 * The same page, made of the cards `kept` holds: the page's statement reads only the listings'
 * ids (from the indexes, without the cards' photos, views and sellers), and the cards not kept yet
 * are read in one more statement and kept, each until its listing, its seller or the reference
 * data change, or a minute has passed (its view count).
 */
export async function keptCardPage(
  db: Db,
  page: CardPage,
  kept: TaggedCache<CarCard>,
): Promise<CarPage> {
  const { rows, totalCount } = await pageOf(db, page, 'ids');
  const cars = rows.map((row) => kept.get(String(row.id)));
  const missing = rows.flatMap((row, i) => (cars[i] === undefined ? [row.id] : []));
  if (missing.length) {
    const keep = kept.keeper();
    const [read, reference] = await Promise.all([
      cardsById(db).execute({ ids: missing }),
      referenceOf(db),
    ]);
    const byId = new Map(read.map((row) => [row.id, row]));
    rows.forEach(({ id }, i) => {
      const row = byId.get(id);
      if (cars[i] !== undefined || !row) return;
      const card = toCard(row, reference);
      cars[i] = card;
      keep(String(id), card, [`listing:${id}`, `seller:${row.userId}`]);
    });
  }
  // A listing taken down between the two statements is left out.
  return { cars: cars.filter((card) => card !== undefined), totalCount };
}

/** Cards without paging (short lists: carousels, admin grids). */
export async function cards(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[] = defaultOrder,
  limit = 500,
) {
  const [rows, reference] = await Promise.all([
    cardQuery(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
    referenceOf(db),
  ]);
  return rows.map((row) => toCard(row, reference));
}

export const topSpottedWhere = and(isListed, isNotNull(listings.topSpottedAt));

/** Cards in a carousel. */
const CAROUSEL = 12;

/**
 * The ids of a listing page's two carousels, as two columns of a statement that reads the listing
 * (`listings`):
 *
 * - `sellerIds`, 'More from this seller': the seller's other live cars, in the public lists' order.
 * - `similarIds`, 'Similar vehicles': other sellers' live cars of the same model, then make, then
 *   body, each the nearest in price. Every group reads two short index ranges (above and below
 *   the price); a car counts in the first group it belongs to. A group is read only as far as it
 *   can matter: the model group's 12 nearest a side; when it holds fewer than 12 cars, at most 11
 *   of the make group's nearest are model cars, so 24 a side leave 12 others (the same for body).
 */
export function carouselIds() {
  // Written as SQL with constants (not parameters) for the state and the limits: the prepared
  // statement's generic plan then reads the live listings' partial indexes, so PostgreSQL plans it
  // once per connection instead of at every view.
  const live = `other.state = 'ACTIVE' and other.original_id is null and other.hidden_at is null`;
  const near = (column: string, rank: number, take: number) =>
    [
      ['>=', 'asc'],
      ['<', 'desc'],
    ].map(([compare, direction]) =>
      sql.raw(`(
        select other.id, ${rank} as rank, other.price from listings other
        where ${live} and other.user_id <> listings.user_id
          and other.${column} = listings.${column} and other.price ${compare} listings.price
        order by other.price ${direction}, other.id ${direction} limit ${take})`),
    );
  const groups = [
    ...near('model_id', 1, CAROUSEL),
    ...near('make_id', 2, 2 * CAROUSEL),
    ...near('body_id', 3, 2 * CAROUSEL),
  ];
  return {
    similarIds: sql<number[]>`array(
      select id from (${sql.join(groups, sql` union all `)}) nearest
      group by id
      order by min(rank), min(abs(price - ${listings.price})), id
      limit ${sql.raw(String(CAROUSEL))})`,
    sellerIds: sql<number[]>`array(
      select other.id from listings other
      where ${sql.raw(live)} and other.user_id = ${listings.userId} and other.id <> ${listings.id}
      order by other.listing_type_id, other.published_at desc nulls last, other.id desc nulls last
      limit ${sql.raw(String(CAROUSEL))})`,
  };
}

const cardsById = prepared(
  (db) => cardQuery(db).where(sql`${listings.id} = any(${sql.placeholder('ids')}::integer[])`),
  'cards_by_id',
);

/** The two carousels' cards, from the ids `carouselIds` read: one prepared statement. */
export async function carouselCards(
  db: Db,
  { sellerIds, similarIds }: { sellerIds: number[]; similarIds: number[] },
): Promise<{ userCars: CarCard[]; similarCars: CarCard[] }> {
  const ids = [...sellerIds, ...similarIds];
  if (!ids.length) return { userCars: [], similarCars: [] };
  const [rows, reference] = await Promise.all([cardsById(db).execute({ ids }), referenceOf(db)]);
  const byId = new Map(rows.map((card) => [card.id, toCard(card, reference)]));
  const pick = (list: number[]) => list.flatMap((id) => byId.get(id) ?? []);
  return { userCars: pick(sellerIds), similarCars: pick(similarIds) };
}

/** The most URLs one sitemap may hold (the sitemap protocol's 50,000, less home and search). */
export const SITEMAP_LISTINGS_MAX = 49_998;

/** Every listed listing's id and first date, newest first, up to one sitemap's worth. */
export async function liveListingDates(db: Db): Promise<{ id: number; createdAt: string }[]> {
  const rows = await db
    .select({ id: listings.id, createdAt: listings.createdAt })
    .from(listings)
    .where(isListed)
    .orderBy(desc(listings.id))
    .limit(SITEMAP_LISTINGS_MAX);
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString() }));
}
