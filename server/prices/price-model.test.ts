import { describe, expect, it } from 'vitest';
import {
  bandOf,
  comparablesOf,
  defaultPriceModelSettings,
  insightOf,
  median,
  rateModel,
  type MarketCar,
} from './price-model.ts';

const car = (id: number, year: number, millage: number, price: number): MarketCar => ({
  id,
  year,
  millage,
  price,
});

/** One model's market: the car to rate (id 1) and its neighbours, with one mistyped price (8). */
const target = car(1, 2018, 50_000, 9_000);
const market = [
  target,
  car(2, 2018, 45_000, 10_000),
  car(3, 2017, 60_000, 9_500),
  car(4, 2019, 40_000, 11_000),
  car(5, 2018, 55_000, 10_500),
  car(6, 2016, 70_000, 8_500),
  car(7, 2020, 30_000, 12_000),
  car(8, 2018, 50_000, 99_999),
  // Not comparable: four years older, 70,000 miles more, no price.
  car(9, 2014, 50_000, 4_000),
  car(10, 2018, 120_000, 5_000),
  car(11, 2018, 50_000, 0),
];

describe('price model', () => {
  it('takes the same model within two years and 40,000 miles, nearest first', () => {
    const ids = comparablesOf(target, market).map((c) => c.id);
    expect(ids).toEqual([8, 2, 5, 3, 4, 6, 7]);
  });

  it('estimates the median of the comparables: one wild price does not move it', () => {
    const insight = insightOf(target, market);
    expect(insight).toEqual({
      band: 1,
      estimate: 10_500,
      comparables: 7,
      deal: 9_000 / 10_500,
      points: [8_500, 9_500, 10_000, 10_500, 11_000, 12_000, 99_999],
    });
  });

  it('uses the nearest comparables only when there are more than enough', () => {
    const insight = insightOf(target, market, { ...defaultPriceModelSettings, maxComparables: 5 });
    expect(insight.comparables).toBe(5);
    expect(insight.points).toEqual([9_500, 10_000, 10_500, 11_000, 99_999]);
    expect(insight.estimate).toBe(10_500);
  });

  it('bands a price by its share of the estimate', () => {
    expect([0.8, 0.9, 0.95, 0.97, 1, 1.05, 1.06, 1.5].map(bandOf)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    expect(insightOf(car(1, 2018, 50_000, 10_500), market).band).toBe(3);
    expect(insightOf(car(1, 2018, 50_000, 10_000), market).band).toBe(2);
    expect(insightOf(car(1, 2018, 50_000, 12_000), market).band).toBe(4);
  });

  it('does not rate a price with fewer than five comparables (the thin case)', () => {
    const thin = market.filter((c) => [1, 2, 3, 4, 5, 9].includes(c.id));
    expect(insightOf(target, thin)).toEqual({
      band: null,
      estimate: null,
      comparables: 4,
      deal: null,
      points: [9_500, 10_000, 10_500, 11_000],
    });
  });

  it('takes the middle of an even number of prices', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([3, 1, 2])).toBe(2);
  });

  it('rates every live car of a model, counting cars taken down as comparables', () => {
    const live = market.filter((c) => c.id <= 5);
    const removed = market.filter((c) => c.id > 5);
    const ratings = rateModel(live, removed);
    expect(ratings.size).toBe(5);
    expect(ratings.get(1)).toEqual(insightOf(target, market));
    expect(rateModel(live, []).get(1)?.band).toBeNull();
  });
});
