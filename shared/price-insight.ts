// Plain data, without zod: the listing page, the search panel and the server read it.

/** The price bands of the price insight, best first; a band's id is what search filters by. */
export const priceBands = [
  { id: 1, key: 'GREAT', name: 'Great price' },
  { id: 2, key: 'GOOD', name: 'Good price' },
  { id: 3, key: 'FAIR', name: 'Fair price' },
  { id: 4, key: 'HIGH', name: 'High price' },
] as const;

export type PriceBandKey = (typeof priceBands)[number]['key'];

export const priceBandOf = (id: number | null) => priceBands.find((b) => b.id === id) ?? null;

/**
 * The upper limit of each band as a share of the estimated market price (price / estimate):
 * 10% or more under it is a great price, 3–10% under a good one, up to 5% over a fair one.
 */
export const bandLimits = { great: 0.9, good: 0.97, fair: 1.05 } as const;

/**
 * The price model's settings, in one place: the server rates with them and the method page
 * (/price-insight) states them.
 */
export const priceModelSettings = {
  /** Below this many comparables a price is not rated. */
  minComparables: 5,
  /** The nearest this many comparables make the estimate. */
  maxComparables: 20,
  /** A comparable is at most this many years older or newer. */
  yearSpan: 2,
  /** A comparable has driven at most this many miles more or fewer. */
  millageSpan: 40_000,
  /** How long a car taken down still counts as a comparable. */
  removedDays: 180,
} as const;

export const priceInsightTexts = {
  notEnough: 'Not enough comparable cars to rate this price',
  basedOn: (n: number) => `based on ${n} comparable ${n === 1 ? 'car' : 'cars'}`,
  methodPath: '/price-insight',
} as const;
