import { describe, expect, it } from 'vitest';
import {
  defaultMileageUnit,
  formatMileage,
  fromStoredMileage,
  mileageCookie,
  mileageUnitOf,
  mileageUnitOfCookies,
  toStoredMileage,
} from './mileage.ts';

describe('the mileage unit', () => {
  it('starts in miles for English and in kilometres for Maltese and Italian', () => {
    expect(defaultMileageUnit('en')).toBe('mi');
    expect(defaultMileageUnit(undefined)).toBe('mi');
    expect(defaultMileageUnit('mt')).toBe('km');
    expect(defaultMileageUnit('it-IT')).toBe('km');
  });

  it('is the cookie’s choice, and only a known unit counts', () => {
    expect(mileageUnitOfCookies('a=1; mileage-unit=km; b=2')).toBe('km');
    expect(mileageUnitOfCookies('mileage-unit=furlongs')).toBeUndefined();
    expect(mileageUnitOfCookies(undefined)).toBeUndefined();
    expect(mileageUnitOf('mileage-unit=mi', 'mt')).toBe('mi');
    expect(mileageUnitOf('', 'mt')).toBe('km');
  });

  it('is remembered for a year on every page', () => {
    expect(mileageCookie('km')).toBe('mileage-unit=km; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('a mileage', () => {
  it('is stored in whole miles', () => {
    expect(toStoredMileage(50_000, 'km')).toBe(31_069);
    expect(toStoredMileage(31_069, 'mi')).toBe(31_069);
  });

  it('shows in miles as stored', () => {
    expect(formatMileage(31_069, 'mi')).toBe('31,069 mi');
  });

  it('typed in round kilometres shows as typed', () => {
    for (const km of [0, 10, 1_000, 50_000, 123_450, 8_000_000])
      expect(fromStoredMileage(toStoredMileage(km, 'km'), 'km')).toBe(km);
    expect(formatMileage(toStoredMileage(50_000, 'km'), 'km')).toBe('50,000 km');
  });

  it('shown in kilometres stores back unchanged, so an untouched form changes nothing', () => {
    for (let miles = 0; miles < 5_000; miles++)
      expect(toStoredMileage(fromStoredMileage(miles, 'km'), 'km')).toBe(miles);
  });

  it('shows in kilometres within a kilometre of the exact distance', () => {
    for (let miles = 0; miles < 20_000; miles += 7)
      expect(Math.abs(fromStoredMileage(miles, 'km') - miles * 1.609344)).toBeLessThan(1);
  });
});
