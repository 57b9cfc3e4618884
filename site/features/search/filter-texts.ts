import { m } from '#shared/i18n/paraglide/messages.js';
import { searchFilters, type SearchFilterName } from '#shared/search-filters.ts';

/**
 * The filters' labels and range legends in the page's language. The spec's English texts stay
 * in shared/search-filters.ts (the server and the back-office speak them); a filter without a
 * translation here says its English label.
 */
const labels: Partial<Record<SearchFilterName, () => string>> = {
  keyword: m.filter_keyword,
  brand: m.field_make,
  model: m.field_model,
  minPrice: m.filter_min_price,
  maxPrice: m.filter_max_price,
  minYear: m.filter_year_from,
  maxYear: m.filter_year_to,
  bodyFilter: m.spec_body,
  fuelFilter: m.spec_fuel,
  priceRating: m.filter_price_rating,
  chassisNumber: m.filter_chassis_number,
  minCubic: m.filter_min_engine,
  maxCubic: m.filter_max_engine,
  minPower: m.filter_min_power,
  maxPower: m.filter_max_power,
  emissionClassFilter: m.spec_emission_class,
  driveTrainFilter: m.spec_drive_train,
  transmissionFilter: m.spec_transmission,
  origin: m.filter_vehicle_origin,
  carColor: m.filter_car_color,
  safety: m.listing_safety,
  equipment: m.listing_equipment,
};

const legends: Partial<Record<SearchFilterName, () => string>> = {
  minPrice: m.filter_price_range,
  minYear: m.filter_year_range,
  minCubic: m.filter_engine_range,
  minPower: m.filter_power_range,
};

export const filterLabel = (name: SearchFilterName): string =>
  labels[name]?.() ?? ('label' in searchFilters[name] ? String(searchFilters[name].label) : name);

export const filterLegend = (name: SearchFilterName): string =>
  legends[name]?.() ??
  ('legend' in searchFilters[name] ? String(searchFilters[name].legend) : filterLabel(name));
