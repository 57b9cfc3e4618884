/**
 * The mileage bounds of a search, typed in the visitor's unit. The address, the saved filters and
 * POST cars/search hold them in stored miles; the panel converts on the way in and out with the
 * listing form's own conversion, so a bound typed as 50,000 km finds the car entered as 50,000 km.
 */
import { fromStoredMileage, toStoredMileage, type MileageUnit } from '#shared/mileage.ts';
import type { SearchFilterName } from '#shared/search-filters.ts';
import { filterLabel, filterLegend } from './filter-texts.ts';
import type { Filters } from './filters.ts';

const mileageFilters = ['minMillage', 'maxMillage'] as const;

const isMileageFilter = (name: SearchFilterName) =>
  (mileageFilters as readonly SearchFilterName[]).includes(name);

const convert = (filters: Filters, change: (value: number) => number): Filters => {
  const converted = { ...filters };
  for (const name of mileageFilters) {
    const value = filters[name].trim();
    converted[name] = value && Number.isFinite(Number(value)) ? String(change(Number(value))) : '';
  }
  return converted;
};

/** The filters with their stored mileage bounds as the panel shows them in `unit`. */
export const mileageShown = (filters: Filters, unit: MileageUnit) =>
  convert(filters, (miles) => fromStoredMileage(Math.round(miles), unit));

/** The filters with the mileage bounds typed in `unit` as stored miles. */
export const mileageStored = (filters: Filters, unit: MileageUnit) =>
  convert(filters, (typed) => toStoredMileage(typed, unit));

/** A filter's label and legend, the mileage's naming the visitor's unit instead of the spec's. */
export function filterTexts(name: SearchFilterName, unit: MileageUnit) {
  const texts = { label: filterLabel(name), legend: filterLegend(name) };
  if (!isMileageFilter(name)) return texts;
  const inUnit = (text: string) => text.replace('(mi)', `(${unit})`);
  return { label: inUnit(texts.label), legend: inUnit(texts.legend) };
}
