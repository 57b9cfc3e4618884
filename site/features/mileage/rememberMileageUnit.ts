import { mileageCookie, type MileageUnit } from '#shared/mileage.ts';

/** Remembers the visitor's unit for the pages rendered from now on. */
export function rememberMileageUnit(unit: MileageUnit) {
  document.cookie = mileageCookie(unit);
}
