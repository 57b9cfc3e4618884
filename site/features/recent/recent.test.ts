import { describe, expect, it } from 'vitest';
import { RECENT_MAX } from '#shared/schemas/recent.ts';
import { readRecent, remember, type RecentCar } from './recent.ts';

const car = (id: number): RecentCar => ({
  id,
  name: 'Toyota Yaris',
  title: `Car ${id}`,
  price: '€9,000',
  image: null,
});

describe('recently viewed cars in the browser', () => {
  it('puts the car opened last first, once, and forgets the oldest', () => {
    let list: RecentCar[] = [];
    for (let id = 1; id <= RECENT_MAX + 1; id++) list = remember(list, car(id));
    list = remember(list, car(5));
    expect(list.map((c) => c.id)).toEqual([5, 9, 8, 7, 6, 4, 3, 2]);
  });

  it('reads back what it stored, and nothing from a broken or foreign value', () => {
    const list = [car(1), car(2)];
    expect(readRecent(JSON.stringify(list))).toEqual(list);
    expect(readRecent('{not json')).toEqual([]);
    expect(readRecent(JSON.stringify([{ id: 'x' }, car(3)]))).toEqual([car(3)]);
    expect(readRecent(null)).toEqual([]);
  });
});
