import { describe, expect, it } from 'vitest';
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
    );
    const byName = Object.fromEntries(chips.map((c) => [c.name, c.removeHref]));
    expect(byName.keyword).toBe('/search?make=50&model=7&sortBy=price&sortDirection=ASC');
    expect(byName.brand).toBe('/search?q=hybrid&sortBy=price&sortDirection=ASC');
    expect(byName.model).toBe('/search?make=50&q=hybrid&sortBy=price&sortDirection=ASC');
  });

  it('says nothing of a search without filters, or of filters the panel has no control for', () => {
    expect(activeFilters(state('page=2'), names)).toEqual([]);
    expect(activeFilters(state('onlyFixedPrice=true&doorNumber=4'), names)).toEqual([]);
  });
});
