import { maskChassis } from '#shared/schemas/history.ts';
import { differenceInDays } from 'date-fns/differenceInDays';
import { and, eq, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import type { CarCard, CarDetail } from '#shared/schemas/listing-display.ts';
import type { Reference } from '../catalog/reference.ts';
import { prepared } from '../db/prepared.ts';
import {
  cities,
  favorites,
  listingEquipment,
  listingImages,
  listingPrices,
  listings,
  listingSafety,
  users,
} from '../db/schema/index.ts';
import { priceBandOf } from '#shared/price-insight.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { toMonth } from './listing-rules.ts';
import type { SeenKind } from './views.ts';
import { carouselCards, carouselIds, isLive, viewsOf } from './listings.queries.ts';
import { cardUrl, largeVersion, photoUrl, webpVersions } from './photos.ts';

/**
 * What the details screens show of a listing: the listing page, GET car/{id} and the owner's and
 * admins' review screens. A view costs two prepared statements whatever the number of listings:
 * the listing with its seller, photos, safety and equipment and its carousels' ids, then the cards.
 */

export const LISTING_NOT_FOUND = 'Listing not found';

type Row = typeof listings.$inferSelect;
type PhotoRow = Omit<typeof listingImages.$inferSelect, 'listingId' | 'position'>;

const id = sql.placeholder('id');

/** A listing with its seller (and the city's name), photos, safety and equipment ids, carousels' ids. */
const listingView = prepared(
  (db) =>
    db
      .select({
        listing: listings,
        user: users,
        city: cities.name,
        images: sql<PhotoRow[]>`coalesce((
          select json_agg(json_build_object(
            'id', ${listingImages.id}, 'key', ${listingImages.key},
            'isCover', ${listingImages.isCover}, 'width', ${listingImages.width},
            'height', ${listingImages.height}, 'cardWidths', ${listingImages.cardWidths},
            'largeWidth', ${listingImages.largeWidth}, 'largeHeight', ${listingImages.largeHeight})
            order by ${listingImages.position})
          from ${listingImages} where ${listingImages.listingId} = ${listings.id}), '[]'::json)`,
        safetyIds: sql<number[]>`array(
          select ${listingSafety.itemId} from ${listingSafety}
          where ${listingSafety.listingId} = ${listings.id})`,
        equipmentIds: sql<number[]>`array(
          select ${listingEquipment.itemId} from ${listingEquipment}
          where ${listingEquipment.listingId} = ${listings.id})`,
        priceHistory: sql<{ price: number; date: string }[]>`coalesce((
          select json_agg(json_build_object(
            'price', ${listingPrices.price}, 'date', ${listingPrices.changedAt})
            order by ${listingPrices.id})
          from ${listingPrices} where ${listingPrices.listingId} = ${listings.id}), '[]'::json)`,
        views: viewsOf,
        ...carouselIds(),
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .leftJoin(cities, eq(cities.id, users.cityId))
      .where(eq(listings.id, id)),
  'listing_view',
);

type View = Awaited<ReturnType<ReturnType<typeof listingView>['execute']>>[number];

/** A listing by id, not an edit request (any state). */
const listingById = prepared(
  (db) =>
    db
      .select()
      .from(listings)
      .where(and(eq(listings.id, id), sql`${listings.originalId} is null`)),
  'listing_by_id',
);

const isFavorite = async (deps: Pick<Deps, 'db'>, viewerId: number | null, listingId: number) =>
  viewerId !== null &&
  (
    await deps.db
      .select({ id: favorites.listingId })
      .from(favorites)
      .where(and(eq(favorites.userId, viewerId), eq(favorites.listingId, listingId)))
  ).length > 0;

/** A listing as the details screens show it to `viewerId` (null: anonymous), with its row. */
async function readListing(
  deps: Pick<Deps, 'db' | 'referenceCache'>,
  listingId: number,
  viewerId: number | null,
): Promise<{ row: Row; detail: CarDetail } | null> {
  const [view] = await listingView(deps.db).execute({ id: listingId });
  if (!view) return null;
  const isOwner = viewerId === view.listing.userId;
  const [reference, carousels, favorite] = await Promise.all([
    deps.referenceCache.get(),
    isOwner ? { userCars: [], similarCars: [] } : carouselCards(deps.db, view),
    isFavorite(deps, viewerId, listingId),
  ]);
  return { row: view.listing, detail: toDetail(reference, view, carousels, favorite) };
}

/** Everything the details screens show of one listing row, for `viewerId` (null: anonymous). */
export async function describeListing(
  deps: Pick<Deps, 'db' | 'referenceCache'>,
  row: Row,
  viewerId: number | null,
): Promise<CarDetail> {
  const read = await readListing(deps, row.id, viewerId);
  if (!read) throw notFound(LISTING_NOT_FOUND);
  return read.detail;
}

function toDetail(
  reference: Reference,
  view: View,
  { userCars, similarCars }: { userCars: CarCard[]; similarCars: CarCard[] },
  isFavorite: boolean,
): CarDetail {
  const { listing: row, user: owner, images } = view;
  const name = reference.enumerableName;
  const type = reference.listingTypes.find((t) => t.id === row.listingTypeId);
  const named = (items: { id: number; name: string }[], ids: number[]) =>
    items.filter((item) => ids.includes(item.id));
  const safety = named(reference.safety, view.safetyIds);
  const equipment = named(reference.equipment, view.equipmentIds);
  return {
    id: row.id,
    userId: row.userId,
    state: row.state,
    deniedMessage: row.deniedMessage,
    listingTypeId: row.listingTypeId,
    typeName: type?.name ?? '',
    originalId: row.originalId,
    title: row.title,
    brand: reference.makeName(row.makeId),
    brandId: row.makeId,
    model: reference.modelName(row.modelId),
    modelId: row.modelId,
    currency: row.currency,
    price: row.price,
    views: view.views,
    isFavorite,
    isTopSpotted: row.topSpottedAt !== null,
    images: images.map((i) => ({
      id: i.id,
      name: photoUrl(i.key),
      card: cardUrl(i.key),
      cardVersions: webpVersions(i.key, i.cardWidths),
      large: largeVersion(i.key, i.largeWidth, i.largeHeight),
      isCover: i.isCover,
      width: i.width,
      height: i.height,
    })),
    isFirstOwner: row.isFirstOwner,
    isFixedPrice: row.isFixedPrice,
    isRedPlate: row.isRedPlate,
    isDirectFinanceAvailable: row.isDirectFinanceAvailable,
    millage: row.millage,
    fuel: name('fuels', row.fuelId) ?? '',
    fuelId: row.fuelId,
    year: row.year,
    transmission: name('transmissions', row.transmissionId) ?? '',
    driveTrain: name('driveTrains', row.driveTrainId),
    body: name('bodies', row.bodyId) ?? '',
    doorNumber: name('doorsNumber', row.doorNumberId) ?? '',
    cubics: row.cubics,
    batteryCapacity: row.batteryCapacity,
    batteryRange: row.batteryRange,
    chargerType: name('chargerTypes', row.chargerTypeId),
    power: row.power,
    emissionClass: name('emissionClasses', row.emissionClassId) ?? '',
    steeringWheelSide: name('steeringWheelSides', row.steeringWheelSideId) ?? '',
    acType: name('acTypes', row.acTypeId) ?? '',
    color: name('colors', row.colorId) ?? '',
    registrationExpiration: toMonth(row.registrationExpiration),
    origin: name('origins', row.originId) ?? '',
    chassisNumber: row.chassisNumber,
    safety,
    equipment,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    daysListed: daysSince(row.publishedAt),
    priceHistory: view.priceHistory.map((p) => ({
      price: p.price,
      date: new Date(p.date).toISOString(),
    })),
    priceInsight: {
      band: priceBandOf(row.priceBand)?.key ?? null,
      estimate: row.priceBand === null ? null : row.priceEstimate,
      comparables: row.priceComparables,
      prices: row.pricePoints,
    },
    user: {
      id: row.userId,
      role: owner.roleId,
      firstName: owner.firstName,
      lastName: owner.lastName,
      address: owner.address,
      city: view.city ?? null,
      email: owner.email,
      phone: owner.phone,
      phone2: owner.phone2,
      phone3: owner.phone3,
      imageUrl: owner.imageKey ? `/images/${owner.imageKey}` : null,
    },
    userCars,
    similarCars,
  };
}

/** Whole days since a listing went live; null for a request. */
const daysSince = (publishedAt: Date | string | null) =>
  publishedAt === null ? null : Math.max(0, differenceInDays(Date.now(), publishedAt));

/** A kept view with its age as of now (a kept view may be older than a day). */
const aged = (detail: CarDetail): CarDetail => ({
  ...detail,
  daysListed: daysSince(detail.publishedAt),
});

/**
 * A live listing as it shows to everyone (no viewer), from the detail cache. The kept object is
 * shared by every request: it is copied, never changed. `row` is told the listing's row when it
 * had to be read; what a view needs of a live one is kept then too (`liveListing`).
 */
async function everyonesDetail(
  deps: Deps,
  listingId: number,
  row?: (read: Row | undefined) => void,
): Promise<CarDetail | null> {
  return deps.listingDetailCache.getOrCompute(String(listingId), async () => {
    const read = await readListing(deps, listingId, null);
    row?.(read?.row);
    if (!read || !isLiveRow(read.row)) return null;
    keep(deps, read.row, read.detail.views);
    // The public sees a chassis number masked: enough to match a logbook, not to clone a car.
    const { chassisNumber } = read.detail;
    const value = { ...read.detail, chassisNumber: chassisNumber && maskChassis(chassisNumber) };
    return { value, tags: detailTags(read.detail) };
  });
}

/**
 * Everyone's detail with the days it has been listed as of now, the listing's current view count
 * and the viewer's favourite mark.
 */
const forViewer = (
  everyone: CarDetail,
  publishedAt: Date | null,
  views: number,
  isFavorite: boolean,
): CarDetail => ({ ...everyone, daysListed: daysSince(publishedAt), views, isFavorite });

const liveListingById = prepared(
  (db) =>
    db
      .select({ userId: listings.userId, publishedAt: listings.publishedAt, views: viewsOf })
      .from(listings)
      .where(and(eq(listings.id, id), isLive)),
  'live_listing_by_id',
);

/** Keeps what a view needs of a live listing `row` just read, with its `views`. */
function keep(deps: Deps, row: Row, views: number) {
  const live = { userId: row.userId, publishedAt: row.publishedAt, views };
  deps.liveListingCache.set(String(row.id), live, [`listing:${row.id}`]);
}

/**
 * A live listing's owner, age and views, or null: kept in memory so that a view of a kept
 * listing and the page's beacon read nothing. Its views may be a minute old (the cache's
 * lifetime); the instance that writes the counted views brings its own up to date at once.
 */
export const liveListing = (deps: Deps, listingId: number) =>
  deps.liveListingCache.getOrCompute(String(listingId), async () => {
    const [live] = await liveListingById(deps.db).execute({ id: listingId });
    return live ? { value: live, tags: [`listing:${listingId}`] } : null;
  });

/**
 * GET car/{id}: a live listing for anyone; a suspended one only for its owner and admins. A view
 * is counted once per visitor and day, and not for the owner. Everyone's view of a live listing
 * comes from the detail cache, answered as the cached text, with its views from memory.
 */
export async function publicListing(
  deps: Deps,
  caller: Caller | undefined,
  listingId: number,
  visitor: string | null,
): Promise<CarDetail> {
  let row: Row | undefined;
  const everyone = await everyonesDetail(deps, listingId, (read) => (row = read));
  const viewer = caller?.id ?? null;
  const live = everyone && (await liveListing(deps, listingId));
  if (everyone && live && viewer !== live.userId) {
    if (visitor) deps.views.record(listingId, visitor);
    const favorite = await isFavorite(deps, viewer, listingId);
    return forViewer(everyone, live.publishedAt, live.views, favorite);
  }
  row ??= (await listingById(deps.db).execute({ id: listingId }))[0];
  const privileged = caller && (caller.id === row?.userId || caller.roleId === roles.admin);
  if (!row || row.originalId !== null) throw notFound(LISTING_NOT_FOUND);
  if (!(row.state === 'ACTIVE' || (row.state === 'SUSPENDED' && privileged))) {
    throw notFound(LISTING_NOT_FOUND);
  }
  return describeListing(deps, row, viewer);
}

const isLiveRow = (row: Row) => row.state === 'ACTIVE' && row.originalId === null;

/** What a listing page shows: the listing and every card on it, its seller, the reference data. */
const detailTags = (car: CarDetail) => [
  `listing:${car.id}`,
  `seller:${car.userId}`,
  ...[...car.userCars, ...car.similarCars].map((c) => `listing:${c.id}`),
  'reference',
];

/**
 * A live listing as its public page shows it to everyone (no viewer, no view counted: the page's
 * beacon counts), or null.
 */
export async function liveListingPage(deps: Deps, listingId: number): Promise<CarDetail | null> {
  const detail = await everyonesDetail(deps, listingId);
  return detail === null ? null : aged(detail);
}

/**
 * The listing page's beacons: a view of a live listing, counted as GET car/{id} counts it, or
 * (`kind`) a contact revealed or a share. Never the owner's; a robot (null visitor) is not counted.
 */
export async function countView(
  deps: Deps,
  caller: Caller | undefined,
  listingId: number,
  visitor: string | null,
  kind: SeenKind = 'view',
) {
  const live = await liveListing(deps, listingId);
  if (!live) throw notFound(LISTING_NOT_FOUND);
  if (visitor && caller?.id !== live.userId) deps.views.record(listingId, visitor, kind);
  return { views: live.views };
}
