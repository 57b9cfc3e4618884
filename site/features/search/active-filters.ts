import { localNumber } from '#shared/i18n/format.ts';
import type { MileageUnit } from '#shared/mileage.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import { priceBands } from '#shared/price-insight.ts';
import { searchFilterEntries, type SearchFilterName } from '#shared/search-filters.ts';
import { filterLabel } from './filter-texts.ts';
import { emptyFilters, searchHref, type SearchState } from './filters.ts';
import { filterTexts, mileageShown } from './mileage-filters.ts';

/** A filter in force, as a chip that takes it off: what it says, and the search without it. */
export interface ActiveFilter {
  name: SearchFilterName;
  label: string;
  removeHref: string;
}

/** The names a search's ids stand for: the panel's lists and the chosen make's models. */
export type FilterNames = Partial<Record<SearchFilterName, readonly Named[]>>;

const nameOf = (names: readonly Named[] | undefined, id: number) =>
  names?.find((n) => n.id === id)?.name ?? `#${id}`;

/**
 * The filters of a search that a visitor set, each with the address of the same search without
 * it (a make's chip also takes its model off). Filters without a control of their own on the
 * panel are left out: the visitor did not choose them there. Mileage bounds are in `unit`.
 */
export function activeFilters(
  state: SearchState,
  names: FilterNames,
  unit: MileageUnit,
): ActiveFilter[] {
  const blank = emptyFilters();
  const shown = mileageShown(state.filters, unit);
  const chips: ActiveFilter[] = [];
  for (const [name, filter] of searchFilterEntries) {
    const value = state.filters[name];
    if (!filter.label) continue;
    let label: string | null = null;
    if (filter.kind === 'words' && typeof value === 'string' && value.trim())
      label = `“${value.trim()}”`;
    else if (filter.kind === 'text' && typeof value === 'string' && value.trim())
      label = `${filterLabel(name)}: ${value.trim()}`;
    else if (filter.kind === 'id' && typeof value === 'number')
      label =
        name === 'brand' || name === 'model'
          ? nameOf(names[name], value)
          : `${filterLabel(name)}: ${nameOf(names[name], value)}`;
    else if ((filter.kind === 'min' || filter.kind === 'max') && typeof value === 'string' && value)
      label = `${filterTexts(name, unit).label}: ${localNumber(Number(shown[name]))}`;
    else if (Array.isArray(value) && value.length)
      label = `${filterLabel(name)}: ${value.map((id) => nameOf(names[name], id)).join(', ')}`;
    if (label === null) continue;
    const filters = { ...state.filters, [name]: blank[name] };
    if (name === 'brand') filters.model = blank.model;
    chips.push({ name, label, removeHref: searchHref({ ...state, filters, page: 1 }) });
  }
  return chips;
}

/** The price rating's bands as the names of their ids. */
export const ratingNames: readonly Named[] = priceBands.map(({ id, name }) => ({ id, name }));
