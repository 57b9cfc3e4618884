import type { MileageUnit } from '#shared/mileage.ts';
import { price } from '#shared/format.ts';
import { priceBands } from '#shared/price-insight.ts';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import { flags, specifications } from '../listing/listing.ts';

/** How many cars fit side by side. */
export const COMPARE_MAX = 3;
/** Where the browser keeps the cars chosen to compare (ids, in the order chosen). */
export const COMPARE_KEY = 'compareCars';

/** The ids of a `?ids=1,2,3` list: whole positive numbers, no repeats, at most COMPARE_MAX. */
export function parseIds(value: string | null | undefined): number[] {
  const ids = (value ?? '')
    .split(',')
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/**
 * The list after a tap on a car's Compare: added when it is not there and there is room, taken
 * out when it is; `full` when there was no room for it.
 */
export function toggleCompare(ids: number[], id: number): { ids: number[]; full: boolean } {
  if (ids.includes(id)) return { ids: ids.filter((other) => other !== id), full: false };
  if (ids.length >= COMPARE_MAX) return { ids, full: true };
  return { ids: [...ids, id], full: false };
}

/** The compare page's address for `ids`. */
export const compareHref = (ids: number[]) =>
  ids.length ? `/compare?ids=${ids.join(',')}` : '/compare';

export interface CompareRow {
  label: string;
  values: string[];
  /** Not every car has the same value: the row is highlighted. */
  differs: boolean;
}

const ratingOf = (car: CarDetail) =>
  priceBands.find((band) => band.key === car.priceInsight.band)?.name ?? 'Not rated';

/**
 * Every row the cars' pages show, side by side: price and price rating, then each specification
 * (a row only some cars have reads '—' for the others), then the four flags.
 */
export function compareRows(cars: CarDetail[], unit: MileageUnit): CompareRow[] {
  const specs = cars.map((car) => new Map(specifications(car, unit)));
  const labels = [...new Set(specs.flatMap((rows) => [...rows.keys()]))];
  const rows: [string, string[]][] = [
    ['Price', cars.map((car) => price(car.price, car.currency))],
    ['Price rating', cars.map(ratingOf)],
    ...labels.map((label): [string, string[]] => [
      label,
      specs.map((rows) => rows.get(label) ?? '—'),
    ]),
    ...flags(cars[0] ?? ({} as CarDetail)).map(([label], k): [string, string[]] => [
      label,
      cars.map((car) => (flags(car)[k]?.[1] ? 'Yes' : 'No')),
    ]),
  ];
  return rows.map(([label, values]) => ({
    label,
    values,
    differs: new Set(values).size > 1,
  }));
}
