import { bounds, listingMax } from './limits.ts';
import type { ListingFieldName } from './schemas/listing-fields.ts';

// Plain data, without zod: the search panel and the search page's address read it in the browser.
const { price: priceMax, cubics: cubicsMax, power: powerMax, millage: millageMax } = listingMax;

/**
 * How a search filter matches its listing field: one id, a lower or upper bound, any of several
 * ids, every one of several features, a piece of the text, words looked up in the listing's
 * keywords, or a yes/no that must hold.
 */
export type FilterKind = 'id' | 'min' | 'max' | 'anyOf' | 'allOf' | 'text' | 'words' | 'flag';

/**
 * What a filter may look at besides the form's fields: the price insight's band (1 Great … 4 High),
 * and the keywords (make, model, title and description) that a search's words are looked up in.
 */
export type DerivedFieldName = 'priceBand' | 'keywords';

export interface SearchFilter {
  kind: FilterKind;
  /** The listing field it looks at. */
  field: ListingFieldName | DerivedFieldName;
  /** Its name in the search page's address when not its own (the home page's link sends `make`). */
  param?: string;
  /** The name of its control on the search panel; none: honoured and kept when the address has it. */
  label?: string;
  /** A range's legend on the panel (on its lower bound). */
  legend?: string;
  /** In the panel's 'Detailed search' section, which opens by itself when one of them is set. */
  detailed?: boolean;
  /** The largest value (a bound's) or length (a text's). */
  max?: number;
  /** A text box's hint, where it has one. */
  placeholder?: string;
}

/**
 * Every filter of POST cars/search, declared once, in the body's order: the body schema, the SQL
 * condition, the search page's address and the panel's state are made from it.
 */
export const searchFilters = {
  keyword: {
    kind: 'words',
    field: 'keywords',
    param: 'q',
    max: 100,
    label: 'Keywords',
    placeholder: 'Make, model or any word',
  },
  brand: { kind: 'id', field: 'brand', param: 'make', label: 'Make' },
  model: { kind: 'id', field: 'model', label: 'Model' },
  minPrice: {
    kind: 'min',
    field: 'price',
    max: priceMax,
    label: 'Min price',
    legend: 'Price range',
  },
  maxPrice: { kind: 'max', field: 'price', max: priceMax, label: 'Max price' },
  minYear: {
    kind: 'min',
    field: 'year',
    max: bounds.yearMax,
    label: 'Year from',
    legend: 'Year range',
  },
  maxYear: { kind: 'max', field: 'year', max: bounds.yearMax, label: 'Year to' },
  bodyFilter: { kind: 'anyOf', field: 'body', label: 'Body' },
  fuelFilter: { kind: 'anyOf', field: 'fuel', label: 'Fuel' },
  priceRating: { kind: 'anyOf', field: 'priceBand', label: 'Price rating' },
  chassisNumber: {
    kind: 'text',
    field: 'chassisNumber',
    max: 30,
    label: 'Chassis number',
    detailed: true,
  },
  minCubic: {
    kind: 'min',
    field: 'cubics',
    max: cubicsMax,
    label: 'Min engine size (CC)',
    legend: 'Engine size (CC)',
    detailed: true,
  },
  maxCubic: {
    kind: 'max',
    field: 'cubics',
    max: cubicsMax,
    label: 'Max engine size (CC)',
    detailed: true,
  },
  minPower: {
    kind: 'min',
    field: 'power',
    max: powerMax,
    label: 'Min power (hp)',
    legend: 'Power (hp)',
    detailed: true,
  },
  maxPower: { kind: 'max', field: 'power', max: powerMax, label: 'Max power (hp)', detailed: true },
  minMillage: {
    kind: 'min',
    field: 'millage',
    max: millageMax,
    label: 'Min mileage (mi)',
    legend: 'Mileage (mi)',
    detailed: true,
  },
  maxMillage: {
    kind: 'max',
    field: 'millage',
    max: millageMax,
    label: 'Max mileage (mi)',
    detailed: true,
  },
  emissionClassFilter: {
    kind: 'anyOf',
    field: 'emissionClass',
    label: 'Emission class',
    detailed: true,
  },
  driveTrainFilter: { kind: 'anyOf', field: 'driveTrain', label: 'Drive train', detailed: true },
  transmissionFilter: {
    kind: 'anyOf',
    field: 'transmission',
    label: 'Transmission',
    detailed: true,
  },
  doorNumber: { kind: 'id', field: 'doorNumber' },
  steeringWheelSide: { kind: 'id', field: 'steeringWheelSide' },
  acType: { kind: 'id', field: 'acType' },
  origin: { kind: 'id', field: 'origin', label: 'Vehicle origin' },
  carColor: { kind: 'anyOf', field: 'carColor', label: 'Car color', detailed: true },
  safety: { kind: 'allOf', field: 'safety', label: 'Safety', detailed: true },
  equipment: { kind: 'allOf', field: 'equipment', label: 'Equipment', detailed: true },
  onlyFixedPrice: { kind: 'flag', field: 'isFixedPrice' },
  onlyDirectFinanceAvailable: { kind: 'flag', field: 'isDirectFinanceAvailable' },
  onlyFirstOwner: { kind: 'flag', field: 'isFirstOwner' },
  onlyRedPlate: { kind: 'flag', field: 'isRedPlate' },
} as const satisfies Record<string, SearchFilter>;

export type SearchFilterName = keyof typeof searchFilters;
/** The filters of some kinds. */
export type FiltersOf<K extends FilterKind> = {
  [N in SearchFilterName]: (typeof searchFilters)[N]['kind'] extends K ? N : never;
}[SearchFilterName];

/** The filter table as entries, typed loosely: what walks every filter reads its declaration only. */
export const searchFilterEntries = Object.entries(searchFilters) as [
  SearchFilterName,
  SearchFilter,
][];
