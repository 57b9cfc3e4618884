import { localisedPath } from '#shared/i18n/language.ts';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import { limits } from '#shared/limits.ts';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import {
  searchFilterEntries,
  type SearchFilter,
  type SearchFilterName,
  type searchFilters,
} from '#shared/search-filters.ts';

/**
 * The search page's state and its address, made from the filter table (shared/search-filters.ts).
 * Every filter lives in the query string under the name POST cars/search uses, except the make,
 * which travels as `make` (the home page's link sends make, model, minPrice and maxPrice). Lists
 * repeat their parameter; empty values are left out.
 */

/** How the page holds a filter of each kind: bounds as the text typed into their number fields. */
interface Held {
  id: number | null;
  min: string;
  max: string;
  anyOf: number[];
  allOf: number[];
  text: string;
  words: string;
  flag: boolean;
}

export type Filters = {
  [N in SearchFilterName]: Held[(typeof searchFilters)[N]['kind']];
};

/** The sort menu's options, in the spec's order, then the price insight's best deal. */
export const sortOptions = [
  { label: 'Default', short: '', sortBy: null, sortDirection: null },
  { label: 'Price ascending', short: 'Price ↑', sortBy: 'price', sortDirection: 'ASC' },
  { label: 'Price descending', short: 'Price ↓', sortBy: 'price', sortDirection: 'DESC' },
  { label: 'Year ascending', short: 'Year ↑', sortBy: 'year', sortDirection: 'ASC' },
  { label: 'Year descending', short: 'Year ↓', sortBy: 'year', sortDirection: 'DESC' },
  { label: 'Best deal', short: 'Best deal', sortBy: 'deal', sortDirection: 'ASC' },
] as const;
export type SortOption = (typeof sortOptions)[number];
export const defaultSort: SortOption = sortOptions[0];

export interface SearchState {
  filters: Filters;
  sort: SortOption;
  page: number;
}

/** sessionStorage keys: the last search's query string and the scroll position over its results. */
export const storageKeys = { filters: 'searchFilters', scroll: 'scrollPosition' } as const;

const empty = (filter: SearchFilter) =>
  filter.kind === 'id'
    ? null
    : filter.kind === 'flag'
      ? false
      : filter.kind === 'anyOf' || filter.kind === 'allOf'
        ? []
        : '';

export function emptyFilters(): Filters {
  return Object.fromEntries(
    searchFilterEntries.map(([name, filter]) => [name, empty(filter)]),
  ) as unknown as Filters;
}

/**
 * The order filters take in the address (the order it has always had): the panel's single
 * choices, those without a control, bounds, lists, the text, then the yes/no filters.
 */
const addressRank = (filter: SearchFilter) =>
  filter.kind === 'id'
    ? filter.label
      ? 0
      : 1
    : { min: 2, max: 2, anyOf: 3, allOf: 3, text: 4, words: 4, flag: 5 }[filter.kind];
const inAddressOrder = [...searchFilterEntries].sort(
  ([, a], [, b]) => addressRank(a) - addressRank(b),
);

const paramOf = (name: SearchFilterName, filter: SearchFilter) => filter.param ?? name;
/** A filter held as the text typed (a piece of a field, or the keywords). */
const isTyped = (filter: SearchFilter) => filter.kind === 'text' || filter.kind === 'words';
const isId = (value: string) => /^[1-9]\d{0,8}$/.test(value);
const isAmount = (value: string) => /^\d{1,12}(\.\d+)?$/.test(value);

/** Selectors match typed text by name prefix, case-insensitive. */
export const matchesPrefix = (name: string, typed: string) =>
  name.toLocaleLowerCase().startsWith(typed.trim().toLocaleLowerCase());

/** The state an address describes; values that are not numbers where numbers belong are ignored. */
export function parseQuery(params: URLSearchParams): SearchState {
  const filters: Record<string, unknown> = {};
  for (const [name, filter] of searchFilterEntries) {
    const value = params.get(paramOf(name, filter))?.trim() ?? '';
    if (filter.kind === 'id') filters[name] = isId(value) ? Number(value) : null;
    else if (filter.kind === 'min' || filter.kind === 'max')
      filters[name] = isAmount(value) ? value : '';
    else if (isTyped(filter)) filters[name] = value.slice(0, filter.max);
    else if (filter.kind === 'flag') filters[name] = params.get(name) === 'true';
    else {
      const ids = params.getAll(name).flatMap((v) => v.split(',').map((s) => s.trim()));
      filters[name] = [...new Set(ids.filter(isId).map(Number))];
    }
  }

  const sortBy = params.get('sortBy');
  const direction = (params.get('sortDirection') ?? 'ASC').toUpperCase();
  const sort =
    sortOptions.find((o) => o.sortBy === sortBy && o.sortDirection === direction) ?? defaultSort;
  const page = Number(params.get('page'));
  return {
    filters: filters as Filters,
    sort,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of a state: empty values left out, the page only past the first. */
export function toQuery({ filters, sort, page }: SearchState): string {
  const params = new URLSearchParams();
  for (const [name, filter] of inAddressOrder) {
    const value = filters[name];
    if (value === null) continue;
    if (Array.isArray(value)) for (const id of value) params.append(name, String(id));
    else if (typeof value === 'number') params.set(paramOf(name, filter), String(value));
    else if (typeof value === 'boolean') {
      if (value) params.set(name, 'true');
    } else if (isTyped(filter) ? value.trim() : isAmount(value.trim()))
      params.set(paramOf(name, filter), value.trim());
  }
  if (sort.sortBy) {
    params.set('sortBy', sort.sortBy);
    params.set('sortDirection', sort.sortDirection);
  }
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/**
 * The address of a search. A search without any filter still says it is one (`?page=1`): the
 * page shows its results, not the mobile filter panel, and the saved filters stay in force.
 */
export const searchQuery = (state: SearchState) => toQuery(state) || 'page=1';
export const searchHref = (state: SearchState) =>
  localisedPath(`/search?${searchQuery(state)}`, getLocale());

/** The body of POST cars/search for a state (the spec's page size, 50). */
export function toSearchBody({ filters, sort, page }: SearchState): SearchRequest {
  const body: Record<string, unknown> = {
    pageNumber: page,
    pageSize: limits.pageSize,
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
  };
  for (const [name, filter] of searchFilterEntries) {
    const value = filters[name];
    if (filter.kind === 'min' || filter.kind === 'max')
      body[name] = isAmount(value as string) ? Number(value) : null;
    else if (isTyped(filter)) {
      if ((value as string).trim()) body[name] = (value as string).trim();
    } else if (!Array.isArray(value) || value.length) body[name] = value;
  }
  return body;
}

/**
 * The state a body of POST cars/search describes (a saved search's filters): the inverse of
 * toSearchBody, so a saved search opens as the page it was saved from.
 */
export function stateOfBody(body: Record<string, unknown>): SearchState {
  const filters: Record<string, unknown> = {};
  for (const [name, filter] of searchFilterEntries) {
    const value = body[name];
    if (filter.kind === 'id') filters[name] = typeof value === 'number' ? value : null;
    else if (filter.kind === 'min' || filter.kind === 'max')
      filters[name] = typeof value === 'number' ? String(value) : '';
    else if (isTyped(filter)) filters[name] = typeof value === 'string' ? value : '';
    else if (filter.kind === 'flag') filters[name] = value === true;
    else filters[name] = Array.isArray(value) ? value.filter((v) => typeof v === 'number') : [];
  }
  const sort =
    sortOptions.find((o) => o.sortBy === body.sortBy && o.sortDirection === body.sortDirection) ??
    defaultSort;
  return { filters: filters as Filters, sort, page: 1 };
}

/** Whether any filter of the 'Detailed search' section is set. */
export const hasDetailedFilters = (filters: Filters) =>
  searchFilterEntries.some(([name, filter]) => {
    const value = filters[name];
    if (!filter.detailed) return false;
    return Array.isArray(value) ? value.length > 0 : String(value).trim() !== '';
  });

/** What a multi-select shows when closed: 'Any', up to two names, or a count. */
export function summary(names: readonly string[]): string {
  if (names.length === 0) return 'Any';
  if (names.length <= 2) return names.join(', ');
  return `${names.length} selected`;
}
