import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { listingFields, type ListingField } from '#shared/schemas/listing-fields.ts';
import { type SearchFilters } from '#shared/schemas/listing-search.ts';
import { searchFilterEntries, type SearchFilter } from '#shared/search-filters.ts';
import { listingEquipment, listings, listingSafety } from '../db/schema/index.ts';
import { asColumn } from './listing-rules.ts';
import { defaultOrder, isListed } from './listings.queries.ts';

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
const some = (v: number[] | null | undefined): v is number[] => Array.isArray(v) && v.length > 0;
/**
 * Range bounds on integer columns: a fractional bound means the next whole number inside the
 * range (PostgreSQL refuses to compare an integer column with "2010.5").
 */
const atLeast = (column: Column, v: number) => gte(column, Math.ceil(v));
const atMost = (column: Column, v: number) => lte(column, Math.floor(v));

/** Listings that have every one of `ids` in a feature table. */
function hasAll(table: typeof listingSafety | typeof listingEquipment, ids: number[]): SQL {
  const unique = [...new Set(ids)];
  // "listings"."id" spelled out: a count over the listings table alone renders columns unqualified.
  return sql`(select count(*) from ${table} where ${table.listingId} = "listings"."id" and ${inArray(table.itemId, unique)}) = ${unique.length}`;
}

/** The condition of one filter on its listing field; none when the filter is empty. */
function condition(filter: SearchFilter, value: unknown): SQL | undefined {
  if (filter.kind === 'allOf') {
    if (!some(value as number[] | null)) return undefined;
    return hasAll(filter.field === 'safety' ? listingSafety : listingEquipment, value as number[]);
  }
  const column: Column =
    filter.field === 'priceBand'
      ? listings.priceBand
      : listings[asColumn((listingFields[filter.field] as ListingField).column)];
  switch (filter.kind) {
    case 'id':
      return present(value) ? eq(column, value as number) : undefined;
    case 'min':
      return present(value) ? atLeast(column, value as number) : undefined;
    case 'max':
      return present(value) ? atMost(column, value as number) : undefined;
    case 'anyOf':
      return some(value as number[] | null) ? inArray(column, value as number[]) : undefined;
    case 'text':
      return value ? ilike(column, `%${(value as string).replace(/[%_\\]/g, '\\$&')}%`) : undefined;
    case 'flag':
      return value ? eq(column, true) : undefined;
  }
}

/** The WHERE of POST cars/search: listed live listings matching every filter given. */
export function searchWhere(f: Omit<SearchFilters, 'pageNumber' | 'pageSize'>): SQL | undefined {
  return and(isListed, ...searchFilterEntries.map(([name, filter]) => condition(filter, f[name])));
}

/**
 * The sorts: default (tier, newest), price or year ascending or descending, then newest; or the
 * best deal (price against its estimate, unrated cars last, through listings_live_deal_idx).
 */
export function sortOrder(
  sortBy: SearchFilters['sortBy'],
  direction: SearchFilters['sortDirection'],
): SQL[] {
  if (!sortBy) return defaultOrder;
  if (sortBy === 'deal') {
    const way = direction === 'DESC' ? sql`desc nulls last` : sql`asc nulls last`;
    return [sql`${listings.priceDeal} ${way}`, desc(listings.id)];
  }
  const newest = [desc(listings.publishedAt), desc(listings.id)];
  if (sortBy === 'year') {
    // Spelled as listings_live_year_idx and listings_live_make_year_idx are (year, then newest,
    // nulls last; the year itself is never null): newest years first read the index in order, and
    // oldest first read it backwards, sorting only the oldest year's cars by their age.
    const way = direction === 'DESC' ? sql`desc nulls last` : sql`asc nulls first`;
    return [
      sql`${listings.year} ${way}`,
      sql`${listings.publishedAt} desc nulls last`,
      sql`${listings.id} desc nulls last`,
    ];
  }
  const column = { price: listings.price, createdAt: listings.publishedAt }[sortBy];
  return [direction === 'DESC' ? desc(column) : asc(column), ...newest];
}
