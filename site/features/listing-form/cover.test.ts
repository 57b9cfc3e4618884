import { describe, expect, it } from 'vitest';
import { movePhoto, removePhoto } from './cover.ts';

const photos = ['a', 'b', 'c', 'd', 'e'];

describe('removing a photo', () => {
  it('decreases the cover index by one while it is greater than 0', () => {
    expect(removePhoto(photos, 4, 2)).toEqual({ items: ['a', 'b', 'c', 'd'], cover: 1 });
    expect(removePhoto(photos, 0, 3)).toEqual({ items: ['b', 'c', 'd', 'e'], cover: 2 });
    expect(removePhoto(photos, 2, 2).cover).toBe(1);
  });

  it('keeps a cover index of 0', () => {
    expect(removePhoto(photos, 0, 0)).toEqual({ items: ['b', 'c', 'd', 'e'], cover: 0 });
    expect(removePhoto(photos, 3, 0).cover).toBe(0);
    expect(removePhoto(['a'], 0, 0)).toEqual({ items: [], cover: 0 });
  });
});

describe('moving a photo', () => {
  it('keeps the cover on the same photo', () => {
    expect(movePhoto(photos, 1, 0, 1)).toEqual({ items: ['b', 'a', 'c', 'd', 'e'], cover: 0 });
    expect(movePhoto(photos, 0, 3, 2)).toEqual({ items: ['b', 'c', 'd', 'a', 'e'], cover: 1 });
    expect(movePhoto(photos, 4, 1, 2)).toEqual({ items: ['a', 'e', 'b', 'c', 'd'], cover: 3 });
    expect(movePhoto(photos, 3, 4, 1)).toEqual({ items: ['a', 'b', 'c', 'e', 'd'], cover: 1 });
  });

  it('ignores moves past either end', () => {
    expect(movePhoto(photos, 0, -1, 0)).toEqual({ items: photos, cover: 0 });
    expect(movePhoto(photos, 4, 5, 4)).toEqual({ items: photos, cover: 4 });
  });
});
