import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { CarCard } from '#shared/schemas/listing.ts';
import type { Db } from '../db/client.ts';
import { listingImages, listings, users } from '../db/schema/index.ts';
import { referenceOf, type Reference } from '../catalog/reference.ts';
import type { CountCache } from './counts.ts';
import { cardUrl, cardVersions } from './photos.ts';

/** Live listings: approved, not an edit request, shown to everyone. */
export const isLive = and(eq(listings.state, 'ACTIVE'), isNull(listings.originalId));

const cover = sql<{ key: string; cardWidths: number[] } | null>`(
  select json_build_object('key', ${listingImages.key}, 'cardWidths', ${listingImages.cardWidths})
  from ${listingImages}
  where ${listingImages.listingId} = ${listings.id}
  order by ${listingImages.isCover} desc, ${listingImages.position}
  limit 1)`;

/**
 * The card columns of every listing list, with one query for the page. Names of makes, models,
 * enumerables and cities come from the reference data in memory, so the query joins only the
 * seller (a wider join cost more to plan than to run).
 */
function cardQuery(db: Db) {
  return db
    .select({
      id: listings.id,
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
      views: listings.views,
      typeId: listings.listingTypeId,
      topSpottedAt: listings.topSpottedAt,
      state: listings.state,
      originalId: listings.originalId,
      createdAt: listings.createdAt,
      publishedAt: listings.publishedAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function toCard(row: CardRow, reference: Reference): CarCard {
  const {
    cover: photo,
    topSpottedAt,
    createdAt,
    publishedAt,
    makeId,
    modelId,
    bodyId,
    fuelId,
    transmissionId,
    cityId,
    ...rest
  } = row;
  return {
    ...rest,
    brand: reference.makeName(makeId),
    model: reference.modelName(modelId),
    body: reference.enumerableName('bodies', bodyId) ?? '',
    fuel: reference.enumerableName('fuels', fuelId) ?? '',
    transmission: reference.enumerableName('transmissions', transmissionId) ?? '',
    city: reference.cityName(cityId),
    image: photo ? cardUrl(photo.key) : null,
    imageVersions: photo ? cardVersions(photo.key, photo.cardWidths) : [],
    isTopSpotted: topSpottedAt !== null,
    createdAt: createdAt.toISOString(),
    publishedAt: publishedAt?.toISOString() ?? null,
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
}

/** One page of cards and the total count of the filter. */
export async function cardPage(
  db: Db,
  page: CardPage,
): Promise<{ cars: CarCard[]; totalCount: number }> {
  const size = page.pageSize ?? 50;
  const offset = ((page.pageNumber ?? 1) - 1) * size;
  const countQuery = db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(page.where);
  const count = async () => (await countQuery)[0]?.n ?? 0;
  const { sql: text, params } = countQuery.toSQL();
  const [rows, totalCount, reference] = await Promise.all([
    cardQuery(db)
      .where(page.where)
      .orderBy(...(page.orderBy ?? defaultOrder))
      .limit(size)
      .offset(offset),
    page.counts ? page.counts.get(JSON.stringify([text, params]), count) : count(),
    referenceOf(db),
  ]);
  return { cars: rows.map((row) => toCard(row, reference)), totalCount };
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

export const topSpottedWhere = and(isLive, isNotNull(listings.topSpottedAt));

export async function cardsByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return cards(db, inArray(listings.id, ids));
}

type Comparable = Pick<
  typeof listings.$inferSelect,
  'id' | 'userId' | 'makeId' | 'modelId' | 'bodyId' | 'price'
>;

/**
 * 'Similar vehicles': other sellers' live cars of the same model, then make, then body, each the
 * nearest in price. Every step reads two short index ranges (above and below the price), so the
 * cost does not grow with the number of listings.
 */
export async function similarCards(db: Db, car: Comparable, limit = 12): Promise<CarCard[]> {
  const picked: number[] = [];
  const groups = [
    eq(listings.modelId, car.modelId),
    eq(listings.makeId, car.makeId),
    eq(listings.bodyId, car.bodyId),
  ];
  for (const group of groups) {
    const need = limit - picked.length;
    if (need <= 0) break;
    const base = and(
      isLive,
      group,
      ne(listings.userId, car.userId),
      picked.length ? notInArray(listings.id, picked) : undefined,
    );
    const nearest = (where: SQL | undefined, order: SQL[]) =>
      db
        .select({ id: listings.id, price: listings.price })
        .from(listings)
        .where(where)
        .orderBy(...order)
        .limit(need);
    const [above, below] = await Promise.all([
      nearest(and(base, gte(listings.price, car.price)), [asc(listings.price), asc(listings.id)]),
      nearest(and(base, lt(listings.price, car.price)), [desc(listings.price), desc(listings.id)]),
    ]);
    const closest = [...above, ...below]
      .sort((a, b) => Math.abs(a.price - car.price) - Math.abs(b.price - car.price) || a.id - b.id)
      .slice(0, need);
    picked.push(...closest.map((row) => row.id));
  }
  if (!picked.length) return [];
  const found = await cards(db, inArray(listings.id, picked), undefined, limit);
  const byId = new Map(found.map((card) => [card.id, card]));
  return picked.flatMap((id) => byId.get(id) ?? []);
}
