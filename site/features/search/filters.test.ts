import { describe, expect, it } from 'vitest';
import { searchSchema } from '#shared/schemas/listing-search.ts';
import {
  emptyFilters,
  hasDetailedFilters,
  matchesPrefix,
  parseQuery,
  searchHref,
  sortOptions,
  stateOfBody,
  summary,
  toQuery,
  toSearchBody,
} from './filters.ts';

const parse = (query: string) => parseQuery(new URLSearchParams(query));

describe('parseQuery', () => {
  it("reads the home page's link: make, model, minPrice and maxPrice", () => {
    const { filters, sort, page } = parse('make=50&model=7&minPrice=1000&maxPrice=20000');
    expect(filters.brand).toBe(50);
    expect(filters.model).toBe(7);
    expect(filters.minPrice).toBe('1000');
    expect(filters.maxPrice).toBe('20000');
    expect(sort.label).toBe('Default');
    expect(page).toBe(1);
  });

  it('reads repeated parameters as lists, without duplicates', () => {
    const { filters } = parse('fuelFilter=3&fuelFilter=1&fuelFilter=3&safety=2,4');
    expect(filters.fuelFilter).toEqual([3, 1]);
    expect(filters.safety).toEqual([2, 4]);
  });

  it('ignores values that are not numbers where numbers belong', () => {
    const { filters, page } = parse('make=abc&minYear=20x&bodyFilter=-1&bodyFilter=2&page=zero');
    expect(filters.brand).toBeNull();
    expect(filters.minYear).toBe('');
    expect(filters.bodyFilter).toEqual([2]);
    expect(page).toBe(1);
  });

  it('reads the sort in any case and falls back to Default for unknown ones', () => {
    expect(parse('sortBy=price&sortDirection=desc').sort.label).toBe('Price descending');
    expect(parse('sortBy=year').sort.label).toBe('Year ascending');
    expect(parse('sortBy=createdAt&sortDirection=DESC').sort.label).toBe('Default');
  });

  it('reads the hidden yes/no filters and the page', () => {
    const { filters, page } = parse('onlyRedPlate=true&onlyFirstOwner=false&page=3');
    expect(filters.onlyRedPlate).toBe(true);
    expect(filters.onlyFirstOwner).toBe(false);
    expect(page).toBe(3);
  });
});

describe('toQuery', () => {
  it('round-trips every kind of filter', () => {
    const query =
      'make=5&model=9&origin=2&minPrice=100&maxYear=2020&fuelFilter=3&fuelFilter=1&carColor=4&chassisNumber=WVW&onlyFixedPrice=true&sortBy=year&sortDirection=DESC&page=2';
    expect(toQuery(parse(query))).toBe(query);
  });

  it('leaves empty values and the first page out', () => {
    const filters = { ...emptyFilters(), maxPrice: ' ', chassisNumber: '  ' };
    expect(toQuery({ filters, sort: sortOptions[0], page: 1 })).toBe('');
  });

  it('makes a filterless search an address that still says it is a search', () => {
    expect(searchHref({ filters: emptyFilters(), sort: sortOptions[0], page: 1 })).toBe(
      '/search?page=1',
    );
    expect(
      searchHref({ filters: { ...emptyFilters(), brand: 3 }, sort: sortOptions[1], page: 1 }),
    ).toBe('/search?make=3&sortBy=price&sortDirection=ASC');
  });
});

describe('toSearchBody', () => {
  it('is a valid POST cars/search body with numbers, lists and the page size of 50', () => {
    const body = toSearchBody(parse('make=5&minPrice=100&bodyFilter=1&sortBy=price&page=2'));
    const parsed = searchSchema.parse(body);
    expect(parsed).toMatchObject({
      brand: 5,
      minPrice: 100,
      maxPrice: null,
      bodyFilter: [1],
      sortBy: 'price',
      sortDirection: 'ASC',
      pageNumber: 2,
      pageSize: 50,
    });
    expect(parsed.fuelFilter).toBeUndefined();
  });
});

describe('matchesPrefix', () => {
  it('matches the start of a name, whatever the case', () => {
    expect(matchesPrefix('Toyota', 'toy')).toBe(true);
    expect(matchesPrefix('Toyota', 'TOYOTA')).toBe(true);
    expect(matchesPrefix('Toyota', 'yota')).toBe(false);
    expect(matchesPrefix('Land Rover', 'land r')).toBe(true);
  });
});

describe('hasDetailedFilters', () => {
  it('is true only for the filters of the detailed section', () => {
    expect(hasDetailedFilters({ ...emptyFilters(), brand: 1, fuelFilter: [1] })).toBe(false);
    expect(hasDetailedFilters({ ...emptyFilters(), minPower: '100' })).toBe(true);
    expect(hasDetailedFilters({ ...emptyFilters(), safety: [1] })).toBe(true);
  });
});

describe('summary', () => {
  it("shows 'Any', up to two names, or a count", () => {
    expect(summary([])).toBe('Any');
    expect(summary(['Petrol', 'Diesel'])).toBe('Petrol, Diesel');
    expect(summary(['Petrol', 'Diesel', 'Electric'])).toBe('3 selected');
  });
});

describe('stateOfBody', () => {
  it('opens a saved search (the validated body, without its page) as the address it was saved from', () => {
    const query =
      'make=50&model=7&minPrice=1000&maxPrice=20000&fuelFilter=3&fuelFilter=1&chassisNumber=JT&onlyFirstOwner=true&sortBy=price&sortDirection=DESC';
    const {
      pageNumber: _p,
      pageSize: _s,
      ...saved
    } = searchSchema.parse(toSearchBody(parse(query)));
    expect(searchHref(stateOfBody(saved))).toBe(searchHref(parse(query)));
    expect(searchHref(stateOfBody({}))).toBe('/search?page=1');
  });
});

describe('keywords', () => {
  it('travel as q in the address and as keyword in the body, and back', () => {
    const state = parse('q=toyta+yaris&make=50');
    expect(state.filters.keyword).toBe('toyta yaris');
    expect(toQuery(state)).toBe('make=50&q=toyta+yaris');
    const body = toSearchBody(state);
    expect(body).toMatchObject({ keyword: 'toyta yaris', brand: 50 });
    expect(searchSchema.parse(body).keyword).toBe('toyta yaris');
    expect(stateOfBody(body as Record<string, unknown>).filters.keyword).toBe('toyta yaris');
  });

  it('leave out blanks, and keep at most 100 characters from an address', () => {
    expect(toQuery(parse('q=+++'))).toBe('');
    expect(toSearchBody(parse('q=+++'))).not.toHaveProperty('keyword');
    expect(parse(`q=${'a'.repeat(150)}`).filters.keyword).toHaveLength(100);
  });
});
