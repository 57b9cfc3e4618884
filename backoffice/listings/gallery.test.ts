import { describe, expect, it } from 'vitest';
import { coverFirst, step, swipe, type Photo } from './gallery.ts';

const photo = (id: number, isCover = false): Photo => ({
  id,
  name: `/${id}.jpg`,
  card: `/${id}-card.jpg`,
  cardVersions: [],
  large: null,
  isCover,
  width: 840,
  height: 630,
});

describe('the gallery', () => {
  it('starts with the cover', () => {
    expect(coverFirst([photo(1), photo(2, true), photo(3)]).map((p) => p.id)).toEqual([2, 1, 3]);
    expect(coverFirst([photo(1), photo(2)]).map((p) => p.id)).toEqual([1, 2]);
    expect(coverFirst([])).toEqual([]);
  });

  it('steps round at both ends', () => {
    expect(step(0, -1, 5)).toBe(4);
    expect(step(4, 1, 5)).toBe(0);
    expect(step(2, 1, 5)).toBe(3);
    expect(step(0, 1, 0)).toBe(0);
  });

  it('counts a swipe from 50 px', () => {
    expect(swipe(200, 151)).toBe(0);
    expect(swipe(200, 150)).toBe(1);
    expect(swipe(100, 150)).toBe(-1);
  });
});
