import { and, asc, desc, sql, type Column, type SQL } from 'drizzle-orm';
import {
  listingFields,
  type ListingField,
  type ListingFieldName,
} from '#shared/schemas/listing-fields.ts';
import { type SearchFilters } from '#shared/schemas/listing-search.ts';
import { searchFilterEntries, type SearchFilter } from '#shared/search-filters.ts';
import type { Db } from '../db/client.ts';
import { listingEquipment, listings, listingSafety } from '../db/schema/index.ts';
import { asColumn } from './listing-rules.ts';
import { defaultOrder, isListed } from './listings.queries.ts';

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
const some = (v: number[] | null | undefined): v is number[] => Array.isArray(v) && v.length > 0;

/**
 * How a condition carries a filter's value into its statement: as a parameter of that statement,
 * or as a placeholder named after the filter, filled when a statement prepared once is run.
 */
type Bind = (name: string, value: unknown) => unknown;
/** A value as one parameter of its statement (an array too, which `sql` would spread out). */
const inline: Bind = (_, value) => sql.param(value);

/** The condition of one filter on its listing field; none when the filter is empty. */
function condition(
  name: string,
  filter: SearchFilter,
  value: unknown,
  bind: Bind,
): SQL | undefined {
  if (filter.kind === 'allOf') {
    if (!some(value as number[] | null)) return undefined;
    // Listings that have every one of the ids in the feature table.
    const table = filter.field === 'safety' ? listingSafety : listingEquipment;
    const unique = [...new Set(value as number[])];
    // "listings"."id" spelled out: a count over the listings table alone renders columns unqualified.
    return sql`(select count(*) from ${table} where ${table.listingId} = "listings"."id" and ${table.itemId} = any(${bind(name, unique)}::integer[])) = ${bind(`${name}Count`, unique.length)}`;
  }
  if (filter.kind === 'words') {
    // listing_keyword_query() (migration 0024_listing_keywords) makes the words a full-text query,
    // once per statement: as a subquery it is run before the rows are read (a function call in a
    // condition checked row by row would run its lookups of makes and models for every row).
    return value
      ? sql`${listings.keywords} @@ (select listing_keyword_query(${bind(name, value)}))`
      : undefined;
  }
  const column: Column =
    filter.field === 'priceBand'
      ? listings.priceBand
      : listings[
          asColumn((listingFields[filter.field as ListingFieldName] as ListingField).column)
        ];
  switch (filter.kind) {
    case 'id':
      return present(value) ? sql`${column} = ${bind(name, value)}` : undefined;
    // Range bounds on integer columns: a fractional bound means the next whole number inside the
    // range (PostgreSQL refuses to compare an integer column with "2010.5").
    case 'min':
      return present(value)
        ? sql`${column} >= ${bind(name, Math.ceil(value as number))}`
        : undefined;
    case 'max':
      return present(value)
        ? sql`${column} <= ${bind(name, Math.floor(value as number))}`
        : undefined;
    case 'anyOf':
      return some(value as number[] | null)
        ? sql`${column} = any(${bind(name, value)}::integer[])`
        : undefined;
    case 'text':
      return value
        ? sql`${column} ilike ${bind(name, `%${(value as string).replace(/[%_\\]/g, '\\$&')}%`)}`
        : undefined;
    case 'flag':
      return value ? sql`${column} = true` : undefined;
  }
}

type Filters = Omit<SearchFilters, 'pageNumber' | 'pageSize'>;

/**
 * The full-text query of a search's words (listing_keyword_query()), made before the search's
 * statement; null when the words ask for nothing.
 */
export async function keywordQuery(db: Db, words: string): Promise<string | null> {
  const result = (await db.execute(
    sql`select listing_keyword_query(${words})::text as query`,
  )) as unknown as { rows: { query: string | null }[] };
  return result.rows[0]?.query || null;
}

/**
 * The WHERE of a search with words, its full-text query given as a value: PostgreSQL plans the
 * statement knowing how many listings the words match, and reads a broad word's listings in the
 * order asked, stopping at the page, instead of every match before sorting them.
 */
export const keywordSearchWhere = (f: Filters, query: string | null): SQL | undefined =>
  and(
    searchWhere({ ...f, keyword: null }),
    query === null ? sql`false` : sql`${listings.keywords} @@ ${query}::tsquery`,
  );

/** The filters given, each with its condition. */
const conditions = (f: Filters, bind: Bind) =>
  searchFilterEntries.flatMap(([name, filter]) => {
    const where = condition(name, filter, f[name], bind);
    return where ? [{ name, where }] : [];
  });

/** The WHERE of POST cars/search: listed live listings matching every filter given. */
export const searchWhere = (f: Filters): SQL | undefined =>
  and(isListed, ...conditions(f, inline).map((c) => c.where));

/**
 * The same WHERE with placeholders, for a statement built once per shape: `shape` names the
 * filters given (searches that differ only in their values share it), `values` fills them.
 */
export function searchShape(f: Filters): {
  shape: string;
  where: SQL | undefined;
  values: Record<string, unknown>;
} {
  const values: Record<string, unknown> = {};
  const given = conditions(f, (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  });
  return {
    shape: given.map((c) => c.name).join(','),
    where: and(isListed, ...given.map((c) => c.where)),
    values,
  };
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
