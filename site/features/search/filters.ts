import { limits } from '#shared/limits.ts';
import type { SearchFilters } from '#shared/schemas/listing.ts';

/**
 * The search page's state and its address. Every filter lives in the query string under the name
 * POST cars/search uses, except the make, which travels as `make` (the home page's link sends
 * make, model, minPrice and maxPrice). Lists repeat their parameter; empty values are left out.
 */

/** Range bounds, kept as the text typed into their number fields. */
export const rangeKeys = [
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'minCubic',
  'maxCubic',
  'minPower',
  'maxPower',
  'minMillage',
  'maxMillage',
] as const;
/** One id each; the last four have no control on the page but are honoured and kept. */
export const idKeys = [
  'brand',
  'model',
  'origin',
  'doorNumber',
  'steeringWheelSide',
  'acType',
] as const;
export const listKeys = [
  'bodyFilter',
  'fuelFilter',
  'emissionClassFilter',
  'driveTrainFilter',
  'transmissionFilter',
  'carColor',
  'safety',
  'equipment',
] as const;
/** Yes/no filters without a control (spec section 3), honoured when the address has them. */
export const flagKeys = [
  'onlyFixedPrice',
  'onlyDirectFinanceAvailable',
  'onlyFirstOwner',
  'onlyRedPlate',
] as const;

type RangeKey = (typeof rangeKeys)[number];
type IdKey = (typeof idKeys)[number];
type ListKey = (typeof listKeys)[number];
type FlagKey = (typeof flagKeys)[number];

export type Filters = Record<RangeKey, string> &
  Record<IdKey, number | null> &
  Record<ListKey, number[]> &
  Record<FlagKey, boolean> & { chassisNumber: string };

/** The sort menu's options, in the spec's order. */
export const sortOptions = [
  { label: 'Default', short: '', sortBy: null, sortDirection: null },
  { label: 'Price ascending', short: 'Price ↑', sortBy: 'price', sortDirection: 'ASC' },
  { label: 'Price descending', short: 'Price ↓', sortBy: 'price', sortDirection: 'DESC' },
  { label: 'Year ascending', short: 'Year ↑', sortBy: 'year', sortDirection: 'ASC' },
  { label: 'Year descending', short: 'Year ↓', sortBy: 'year', sortDirection: 'DESC' },
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

/** The filters the 'Detailed search' section holds: it opens by itself when one is set. */
const detailedKeys = [
  'chassisNumber',
  'minCubic',
  'maxCubic',
  'minPower',
  'maxPower',
  'minMillage',
  'maxMillage',
  'safety',
  'equipment',
  'emissionClassFilter',
  'driveTrainFilter',
  'transmissionFilter',
  'carColor',
] as const satisfies readonly (keyof Filters)[];

export function emptyFilters(): Filters {
  return {
    ...(Object.fromEntries(rangeKeys.map((k) => [k, ''])) as Record<RangeKey, string>),
    ...(Object.fromEntries(idKeys.map((k) => [k, null])) as Record<IdKey, null>),
    ...(Object.fromEntries(listKeys.map((k) => [k, [] as number[]])) as Record<ListKey, number[]>),
    ...(Object.fromEntries(flagKeys.map((k) => [k, false])) as Record<FlagKey, boolean>),
    chassisNumber: '',
  };
}

const paramOf = (key: keyof Filters) => (key === 'brand' ? 'make' : key);
const isId = (value: string) => /^[1-9]\d{0,8}$/.test(value);
const isAmount = (value: string) => /^\d{1,12}(\.\d+)?$/.test(value);

/** Selectors match typed text by name prefix, case-insensitive. */
export const matchesPrefix = (name: string, typed: string) =>
  name.toLocaleLowerCase().startsWith(typed.trim().toLocaleLowerCase());

/** The state an address describes; values that are not numbers where numbers belong are ignored. */
export function parseQuery(params: URLSearchParams): SearchState {
  const filters = emptyFilters();
  for (const key of rangeKeys) {
    const value = params.get(key)?.trim() ?? '';
    if (isAmount(value)) filters[key] = value;
  }
  for (const key of idKeys) {
    const value = params.get(paramOf(key))?.trim() ?? '';
    if (isId(value)) filters[key] = Number(value);
  }
  for (const key of listKeys) {
    const ids = params.getAll(key).flatMap((v) => v.split(',').map((s) => s.trim()));
    filters[key] = [...new Set(ids.filter(isId).map(Number))];
  }
  for (const key of flagKeys) filters[key] = params.get(key) === 'true';
  filters.chassisNumber = (params.get('chassisNumber') ?? '').trim().slice(0, 30);

  const sortBy = params.get('sortBy');
  const direction = (params.get('sortDirection') ?? 'ASC').toUpperCase();
  const sort =
    sortOptions.find((o) => o.sortBy === sortBy && o.sortDirection === direction) ?? defaultSort;
  const page = Number(params.get('page'));
  return { filters, sort, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The query string of a state: empty values left out, the page only past the first. */
export function toQuery({ filters, sort, page }: SearchState): string {
  const params = new URLSearchParams();
  for (const key of idKeys) {
    const value = filters[key];
    if (value !== null) params.set(paramOf(key), String(value));
  }
  for (const key of rangeKeys) {
    const value = filters[key].trim();
    if (isAmount(value)) params.set(key, value);
  }
  for (const key of listKeys) for (const id of filters[key]) params.append(key, String(id));
  if (filters.chassisNumber.trim()) params.set('chassisNumber', filters.chassisNumber.trim());
  for (const key of flagKeys) if (filters[key]) params.set(key, 'true');
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
export const searchHref = (state: SearchState) => `/search?${searchQuery(state)}`;

/** The body of POST cars/search for a state (the spec's page size, 50). */
export function toSearchBody({ filters, sort, page }: SearchState): Partial<SearchFilters> {
  const body: Partial<SearchFilters> = {
    pageNumber: page,
    pageSize: limits.pageSize,
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
  };
  for (const key of idKeys) body[key] = filters[key];
  for (const key of rangeKeys) body[key] = isAmount(filters[key]) ? Number(filters[key]) : null;
  for (const key of listKeys) if (filters[key].length) body[key] = filters[key];
  for (const key of flagKeys) body[key] = filters[key];
  if (filters.chassisNumber.trim()) body.chassisNumber = filters.chassisNumber.trim();
  return body;
}

/** Whether any filter of the 'Detailed search' section is set. */
export const hasDetailedFilters = (filters: Filters) =>
  detailedKeys.some((key) => {
    const value = filters[key];
    return Array.isArray(value) ? value.length > 0 : value.trim() !== '';
  });

/** What a multi-select shows when closed: 'Any', up to two names, or a count. */
export function summary(names: readonly string[]): string {
  if (names.length === 0) return 'Any';
  if (names.length <= 2) return names.join(', ');
  return `${names.length} selected`;
}
