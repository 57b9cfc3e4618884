import { describe, expect, it } from 'vitest';
import { toStoredMileage, type MileageUnit } from '#shared/mileage.ts';
import { activeFilters } from './active-filters.ts';
import { parseQuery } from './filters.ts';

const state = (query: string) => parseQuery(new URLSearchParams(query));
const names = {
  brand: [{ id: 50, name: 'Toyota' }],
  model: [{ id: 7, name: 'Yaris' }],
  fuelFilter: [
    { id: 1, name: 'Petrol' },
    { id: 3, name: 'Electric' },
  ],
};

describe('activeFilters', () => {
  it('names each filter in force, in the panel’s words', () => {
    const chips = activeFilters(
      state('q=hybrid&make=50&model=7&minPrice=5000&fuelFilter=3&fuelFilter=1'),
      names,
      'mi',
    );
    expect(chips.map((c) => c.label)).toEqual([
      '“hybrid”',
      'Toyota',
      'Yaris',
      'Min price: 5,000',
      'Fuel: Electric, Petrol',
    ]);
  });

  it('takes one off in each chip’s address, a make with its model', () => {
    const chips = activeFilters(
      state('q=hybrid&make=50&model=7&sortBy=price&sortDirection=ASC'),
      names,
      'mi',
    );
    const byName = Object.fromEntries(chips.map((c) => [c.name, c.removeHref]));
    expect(byName.keyword).toBe('/search?make=50&model=7&sortBy=price&sortDirection=ASC');
    expect(byName.brand).toBe('/search?q=hybrid&sortBy=price&sortDirection=ASC');
    expect(byName.model).toBe('/search?make=50&q=hybrid&sortBy=price&sortDirection=ASC');
  });

  it('names a mileage bound in the visitor’s unit, as it was typed', () => {
    const maxMillage = String(toStoredMileage(50_000, 'km'));
    const labels = (unit: MileageUnit) =>
      activeFilters(state(`maxMillage=${maxMillage}`), names, unit).map((c) => c.label);
    expect(labels('km')).toEqual(['Max mileage (km): 50,000']);
    expect(labels('mi')).toEqual([`Max mileage (mi): 31,069`]);
  });

  it('says nothing of a search without filters, or of filters the panel has no control for', () => {
    expect(activeFilters(state('page=2'), names, 'mi')).toEqual([]);
    expect(activeFilters(state('onlyFixedPrice=true&doorNumber=4'), names, 'mi')).toEqual([]);
  });
});
