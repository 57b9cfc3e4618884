import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '#shared/schemas/listing.ts';
import { listingEquipment, listings, listingSafety } from '../db/schema/index.ts';
import { defaultOrder, isLive } from './listings.queries.ts';

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
const some = (v: number[] | null | undefined): v is number[] => Array.isArray(v) && v.length > 0;

/** Listings that have every one of `ids` in a feature table. */
function hasAll(table: typeof listingSafety | typeof listingEquipment, ids: number[]): SQL {
  const unique = [...new Set(ids)];
  // "listings"."id" spelled out: a count over the listings table alone renders columns unqualified.
  return sql`(select count(*) from ${table} where ${table.listingId} = "listings"."id" and ${inArray(table.itemId, unique)}) = ${unique.length}`;
}

/** The WHERE of POST cars/search: live listings matching every filter given. */
export function searchWhere(f: SearchFilters): SQL | undefined {
  return and(
    isLive,
    present(f.brand) ? eq(listings.makeId, f.brand) : undefined,
    present(f.model) ? eq(listings.modelId, f.model) : undefined,
    present(f.minPrice) ? gte(listings.price, f.minPrice) : undefined,
    present(f.maxPrice) ? lte(listings.price, f.maxPrice) : undefined,
    present(f.minYear) ? gte(listings.year, f.minYear) : undefined,
    present(f.maxYear) ? lte(listings.year, f.maxYear) : undefined,
    some(f.bodyFilter) ? inArray(listings.bodyId, f.bodyFilter) : undefined,
    some(f.fuelFilter) ? inArray(listings.fuelId, f.fuelFilter) : undefined,
    f.chassisNumber
      ? ilike(listings.chassisNumber, `%${f.chassisNumber.replace(/[%_\\]/g, '\\$&')}%`)
      : undefined,
    present(f.minCubic) ? gte(listings.cubics, f.minCubic) : undefined,
    present(f.maxCubic) ? lte(listings.cubics, f.maxCubic) : undefined,
    present(f.minPower) ? gte(listings.power, f.minPower) : undefined,
    present(f.maxPower) ? lte(listings.power, f.maxPower) : undefined,
    present(f.minMillage) ? gte(listings.millage, f.minMillage) : undefined,
    present(f.maxMillage) ? lte(listings.millage, f.maxMillage) : undefined,
    some(f.emissionClassFilter)
      ? inArray(listings.emissionClassId, f.emissionClassFilter)
      : undefined,
    some(f.driveTrainFilter) ? inArray(listings.driveTrainId, f.driveTrainFilter) : undefined,
    some(f.transmissionFilter) ? inArray(listings.transmissionId, f.transmissionFilter) : undefined,
    present(f.doorNumber) ? eq(listings.doorNumberId, f.doorNumber) : undefined,
    present(f.steeringWheelSide)
      ? eq(listings.steeringWheelSideId, f.steeringWheelSide)
      : undefined,
    present(f.acType) ? eq(listings.acTypeId, f.acType) : undefined,
    present(f.origin) ? eq(listings.originId, f.origin) : undefined,
    some(f.carColor) ? inArray(listings.colorId, f.carColor) : undefined,
    some(f.safety) ? hasAll(listingSafety, f.safety) : undefined,
    some(f.equipment) ? hasAll(listingEquipment, f.equipment) : undefined,
    f.onlyFixedPrice ? eq(listings.isFixedPrice, true) : undefined,
    f.onlyDirectFinanceAvailable ? eq(listings.isDirectFinanceAvailable, true) : undefined,
    f.onlyFirstOwner ? eq(listings.isFirstOwner, true) : undefined,
    f.onlyRedPlate ? eq(listings.isRedPlate, true) : undefined,
  );
}

/** The five sorts: default (tier, newest), price or year ascending or descending; then newest. */
export function sortOrder(
  sortBy: SearchFilters['sortBy'],
  direction: SearchFilters['sortDirection'],
): SQL[] {
  if (!sortBy) return defaultOrder;
  const column = { price: listings.price, year: listings.year, createdAt: listings.publishedAt }[
    sortBy
  ];
  const dir = direction === 'DESC' ? desc : asc;
  return [dir(column), desc(listings.publishedAt), desc(listings.id)];
}
