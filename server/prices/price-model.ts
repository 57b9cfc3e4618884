import { bandLimits, priceModelSettings } from '#shared/price-insight.ts';

/** A car the model reads: a live listing, or one taken down recently. */
export interface MarketCar {
  id: number;
  year: number;
  /** In miles. */
  millage: number;
  price: number;
}

export interface PriceModelSettings {
  minComparables: number;
  maxComparables: number;
  yearSpan: number;
  millageSpan: number;
}

/** The settings of shared/price-insight.ts (tests pass others). */
export const defaultPriceModelSettings: PriceModelSettings = priceModelSettings;

/** A listing's rating: band 1 Great … 4 High, or null (too few comparables) with no estimate. */
export interface PriceInsight {
  band: number | null;
  estimate: number | null;
  comparables: number;
  /** Price / estimate: below 1 is under the market. */
  deal: number | null;
  /** The comparables' prices, lowest first (the listing page's chart). */
  points: number[];
}

/**
 * How far a comparable is from a car: a year apart weighs as much as `millageSpan / yearSpan`
 * miles, so each limit counts as 1.
 */
const distance = (car: MarketCar, other: MarketCar, s: PriceModelSettings) =>
  Math.abs(car.year - other.year) / s.yearSpan +
  Math.abs(car.millage - other.millage) / s.millageSpan;

/** The cars of the same model near enough in year and mileage, nearest first (then by id). */
export function comparablesOf(
  car: MarketCar,
  pool: readonly MarketCar[],
  s: PriceModelSettings = defaultPriceModelSettings,
): MarketCar[] {
  return pool
    .filter(
      (other) =>
        other.id !== car.id &&
        other.price > 0 &&
        Math.abs(car.year - other.year) <= s.yearSpan &&
        Math.abs(car.millage - other.millage) <= s.millageSpan,
    )
    .map((other) => ({ other, d: distance(car, other, s) }))
    .sort((a, b) => a.d - b.d || a.other.id - b.other.id)
    .slice(0, s.maxComparables)
    .map(({ other }) => other);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** The band of a price / estimate ratio. */
export function bandOf(deal: number): number {
  if (deal <= bandLimits.great) return 1;
  if (deal <= bandLimits.good) return 2;
  if (deal <= bandLimits.fair) return 3;
  return 4;
}

/**
 * A car's market price: the median price of its nearest comparables. The median, not a mean or a
 * regression: one mistyped or exotic price among a handful cannot move it, and it needs no more
 * cars than a small market has of a model.
 */
export function insightOf(
  car: MarketCar,
  pool: readonly MarketCar[],
  s: PriceModelSettings = defaultPriceModelSettings,
): PriceInsight {
  const comparables = car.price > 0 ? comparablesOf(car, pool, s) : [];
  const points = comparables.map((c) => c.price).sort((a, b) => a - b);
  if (comparables.length < s.minComparables) {
    return { band: null, estimate: null, comparables: comparables.length, deal: null, points };
  }
  const estimate = Math.round(median(points));
  const deal = car.price / estimate;
  return { band: bandOf(deal), estimate, comparables: comparables.length, deal, points };
}

/**
 * Every live listing of one model rated against the model's live and recently removed cars. The
 * cars are bucketed by year first, so a listing reads only the years within reach.
 */
export function rateModel(
  live: readonly MarketCar[],
  removed: readonly MarketCar[],
  s: PriceModelSettings = defaultPriceModelSettings,
): Map<number, PriceInsight> {
  const byYear = new Map<number, MarketCar[]>();
  for (const car of [...live, ...removed]) {
    const bucket = byYear.get(car.year) ?? [];
    bucket.push(car);
    byYear.set(car.year, bucket);
  }
  const ratings = new Map<number, PriceInsight>();
  for (const car of live) {
    const near: MarketCar[] = [];
    for (let year = car.year - s.yearSpan; year <= car.year + s.yearSpan; year++)
      near.push(...(byYear.get(year) ?? []));
    ratings.set(car.id, insightOf(car, near, s));
  }
  return ratings;
}
