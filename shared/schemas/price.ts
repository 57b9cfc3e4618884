import { z } from './zod.ts';

/** One price a live listing has had, from the day it took it. */
export const priceChangeSchema = z
  .object({ price: z.number().int(), date: z.string() })
  .meta({ id: 'PriceChange' });

/**
 * The price insight of a live listing (see /price-insight): the band, the estimated market price
 * and the comparables' prices; band and estimate are null when there were too few comparables.
 */
export const priceInsightSchema = z
  .object({
    band: z.enum(['GREAT', 'GOOD', 'FAIR', 'HIGH']).nullable(),
    estimate: z.number().int().nullable(),
    comparables: z.number().int(),
    /** The comparable cars' prices, lowest first. */
    prices: z.array(z.number().int()),
  })
  .meta({ id: 'PriceInsight' });
export type PriceInsight = z.infer<typeof priceInsightSchema>;
