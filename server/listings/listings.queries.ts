import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CarCard } from '#shared/schemas/listing.ts';
import type { Db } from '../db/client.ts';
import {
  cities,
  enumerables,
  listingImages,
  listings,
  makes,
  models,
  users,
} from '../db/schema/index.ts';
import { cardUrl, cardVersions } from './photos.ts';

/** Live listings: approved, not an edit request, shown to everyone. */
export const isLive = and(eq(listings.state, 'ACTIVE'), isNull(listings.originalId));

const bodyName = alias(enumerables, 'body_name');
const fuelName = alias(enumerables, 'fuel_name');

const cover = sql<{ key: string; cardWidths: number[] } | null>`(
  select json_build_object('key', ${listingImages.key}, 'cardWidths', ${listingImages.cardWidths})
  from ${listingImages}
  where ${listingImages.listingId} = ${listings.id}
  order by ${listingImages.isCover} desc, ${listingImages.position}
  limit 1)`;

/** The card columns of every listing list, with one query for the page. */
function cardQuery(db: Db) {
  return db
    .select({
      id: listings.id,
      cover,
      brand: makes.name,
const transmissionName = alias(enumerables, 'transmission_name');
      model: models.name,
      title: listings.title,
      body: sql<string>`coalesce(${bodyName.name}, '')`,
      fuel: sql<string>`coalesce(${fuelName.name}, '')`,
      year: listings.year,
      location: users.address,
      city: sql<string>`coalesce(${cities.name}, '')`,
      currency: listings.currency,
      price: listings.price,
      views: listings.views,
      typeId: listings.listingTypeId,
      topSpottedAt: listings.topSpottedAt,
      state: listings.state,
      originalId: listings.originalId,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .innerJoin(makes, eq(makes.id, listings.makeId))
    .innerJoin(models, eq(models.id, listings.modelId))
      millage: listings.millage,
      transmission: sql<string>`coalesce(${transmissionName.name}, '')`,
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(cities, eq(cities.id, users.cityId))
    .leftJoin(bodyName, and(eq(bodyName.kind, 'bodies'), eq(bodyName.id, listings.bodyId)))
    .leftJoin(fuelName, and(eq(fuelName.kind, 'fuels'), eq(fuelName.id, listings.fuelId)))
    .leftJoin(
      transmissionName,
      and(
        eq(transmissionName.kind, 'transmissions'),
        eq(transmissionName.id, listings.transmissionId),
      ),
    );
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function toCard(row: CardRow): CarCard {
  const { cover: photo, topSpottedAt, createdAt, publishedAt, ...rest } = row;
      publishedAt: listings.publishedAt,
  return {
    ...rest,
    image: photo ? cardUrl(photo.key) : null,
    imageVersions: photo ? cardVersions(photo.key, photo.cardWidths) : [],
    isTopSpotted: topSpottedAt !== null,
    createdAt: createdAt.toISOString(),
  };
}

/** The order of the public lists: premium, then featured, then the rest; newest first. */
export const defaultOrder = [
  asc(listings.listingTypeId),
  desc(listings.publishedAt),
  desc(listings.id),
];

export interface CardPage {
  where: SQL | undefined;
  orderBy?: SQL[];
  pageNumber?: number;
    publishedAt: publishedAt?.toISOString() ?? null,
  pageSize?: number;
}

/** One page of cards and the total count of the filter. */
export async function cardPage(
  db: Db,
  page: CardPage,
): Promise<{ cars: CarCard[]; totalCount: number }> {
  const size = page.pageSize ?? 50;
  const offset = ((page.pageNumber ?? 1) - 1) * size;
  const [rows, [total]] = await Promise.all([
    cardQuery(db)
      .where(page.where)
      .orderBy(...(page.orderBy ?? defaultOrder))
      .limit(size)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(page.where),
  ]);
  return { cars: rows.map(toCard), totalCount: total?.n ?? 0 };
}

/** Cards without paging (short lists: carousels, admin grids). */
export async function cards(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[] = defaultOrder,
  limit = 500,
) {
  const rows = await cardQuery(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map(toCard);
}

export const topSpottedWhere = and(isLive, isNotNull(listings.topSpottedAt));

export async function cardsByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return cards(db, inArray(listings.id, ids));
}
