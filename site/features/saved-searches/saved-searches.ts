import type { SavedSearchFiltersInput } from '#shared/schemas/saved-search.ts';
import type { SavedSearchAlert } from '#shared/saved-searches.ts';
import { parseQuery, searchHref, stateOfBody, toSearchBody } from '../search/filters.ts';

/** The alert choices, as the save form and the list name them. */
export const alertOptions: { value: SavedSearchAlert; label: string }[] = [
  { value: 'instant', label: 'Instant alerts' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'off', label: 'No alerts' },
];

/** The filters and sort of the search an address shows, as a saved search keeps them. */
export function filtersOfAddress(search: string): SavedSearchFiltersInput {
  const {
    pageNumber: _page,
    pageSize: _size,
    ...filters
  } = toSearchBody(parseQuery(new URLSearchParams(search)));
  return filters as SavedSearchFiltersInput;
}

/** The search page of a saved search's filters. */
export const hrefOfFilters = (filters: Record<string, unknown>) => searchHref(stateOfBody(filters));
