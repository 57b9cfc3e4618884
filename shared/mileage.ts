/**
 * Mileage in the visitor's unit. Listings keep their mileage in whole miles (the spec's unit,
 * `millage` in every payload); kilometres exist only on screen, in the form's box and in e-mails.
 * Every conversion goes through this module, so that what the listing form stores for a typed
 * value and what a search filter asks for the same typed value are the same number.
 */
import { parse, serialize } from 'hono/utils/cookie';
import { number } from './format.ts';

export const mileageUnits = ['km', 'mi'] as const;
export type MileageUnit = (typeof mileageUnits)[number];

/** The unit listings are stored, searched and sent in. */
export const STORED_MILEAGE_UNIT: MileageUnit = 'mi';

/** The cookie that remembers a visitor's choice (read by the pages and the page cache). */
export const MILEAGE_COOKIE = 'mileage-unit';

/** Exactly, by the international yard. */
const KM_PER_MILE = 1.609344;

const isUnit = (value: unknown): value is MileageUnit =>
  mileageUnits.includes(value as MileageUnit);

/** The unit a language starts with: kilometres for Maltese and Italian, the spec's miles else. */
export function defaultMileageUnit(language: string | undefined): MileageUnit {
  const primary = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return primary === 'mt' || primary === 'it' ? 'km' : 'mi';
}

/** The unit a Cookie header chose; undefined when it chose none (or something unknown). */
export function mileageUnitOfCookies(header: string | null | undefined): MileageUnit | undefined {
  if (!header) return undefined;
  const value = parse(header, MILEAGE_COOKIE)[MILEAGE_COOKIE];
  return isUnit(value) ? value : undefined;
}

/** The visitor's unit: the cookie's, else the language's. */
export const mileageUnitOf = (cookies: string | null | undefined, language: string | undefined) =>
  mileageUnitOfCookies(cookies) ?? defaultMileageUnit(language);

/** A Set-Cookie value remembering `unit` for a year, on every page. */
export const mileageCookie = (unit: MileageUnit) =>
  serialize(MILEAGE_COOKIE, unit, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });

/**
 * A mileage typed (or filtered on) in `unit` as stored: whole miles. The listing form and the
 * search filters both convert with it, so a filter of 'up to 50,000 km' finds the car entered
 * as 50,000 km.
 */
export function toStoredMileage(value: number, unit: MileageUnit): number {
  return Math.round(unit === 'mi' ? value : value / KM_PER_MILE);
}

/** How many trailing zeros a whole number has: 50,000 is rounder than 50,001. */
const roundness = (value: number) => {
  let zeros = 0;
  for (let v = value; v !== 0 && v % 10 === 0; v /= 10) zeros++;
  return zeros;
};

/**
 * A stored mileage in `unit`, as a whole number that stores back as the same miles. A mile is
 * 1.6 km, so one or two whole kilometre values store as each mile; of them the roundest is shown,
 * so that a car entered as 50,000 km shows as 50,000 km, not 50,001.
 */
export function fromStoredMileage(miles: number, unit: MileageUnit): number {
  if (unit === 'mi') return miles;
  const exact = miles * KM_PER_MILE;
  // The nearest whole kilometre is always one of them: it is within 0.31 mi of the miles.
  let best = Math.round(exact);
  for (let km = Math.max(0, Math.floor(exact - KM_PER_MILE)); km <= exact + KM_PER_MILE; km++) {
    if (toStoredMileage(km, 'km') !== miles) continue;
    const better =
      roundness(km) > roundness(best) ||
      (roundness(km) === roundness(best) && Math.abs(km - exact) < Math.abs(best - exact));
    if (better) best = km;
  }
  return best;
}

/** '50,000 km' or '31,069 mi': a stored mileage as the visitor reads it. */
export const formatMileage = (miles: number, unit: MileageUnit) =>
  `${number(fromStoredMileage(miles, unit))} ${unit}`;

/** The unit's name in the switch. */
export const mileageUnitNames: Record<MileageUnit, string> = { km: 'Kilometres', mi: 'Miles' };
