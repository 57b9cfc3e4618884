import { describe, expect, it } from 'vitest';
import { favoritesHref, favoritesQuery, pageWindow, parseSort } from './favorites.ts';

describe('favourites sorting and paging', () => {
  it('maps the five sorts onto sortBy and sortDirection', () => {
    expect(favoritesQuery(7, '', 1, 50)).toEqual({
      userId: 7,
      sortBy: null,
      sortDirection: null,
      pageNumber: 1,
      pageSize: 50,
    });
    expect(favoritesQuery(7, 'price-asc', 2, 50)).toMatchObject({
      sortBy: 'price',
      sortDirection: 'ASC',
      pageNumber: 2,
    });
    expect(favoritesQuery(7, 'year-desc', 1, 50)).toMatchObject({
      sortBy: 'year',
      sortDirection: 'DESC',
    });
  });

  it('reads an unknown sort as the default', () => {
    expect(parseSort('price-desc')).toBe('price-desc');
    expect(parseSort('cheapest')).toBe('');
    expect(parseSort(null)).toBe('');
  });

  it('keeps the address short', () => {
    expect(favoritesHref('', 1)).toBe('/favorites');
    expect(favoritesHref('year-asc', 3)).toBe('/favorites?sort=year-asc&page=3');
  });

  it('shows the first, the last and two around the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 12)).toEqual([1, 0, 4, 5, 6, 7, 8, 0, 12]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
