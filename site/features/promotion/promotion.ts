/** The promotion dialog's rules as plain functions (spec: Promotion dialog; States: Promotion). */
import type { ListingType } from '#shared/schemas/configuration.ts';

export type { ListingType };
export type Tone = 'top' | 'blue' | 'grey';

/** Listing types in the dialog's order: the cheapest first, the top tier (id 1) last. */
const ordered = (types: readonly ListingType[]) => [...types].sort((a, b) => b.id - a.id);

/** Only types with an id lower than the listing's current type are offered (filter by id). */
export const offeredTypes = (types: readonly ListingType[], currentTypeId: number) =>
  ordered(types).filter((t) => t.id < currentTypeId);

/** The last type is green (top tier), the second-to-last blue, the others grey. */
export function toneOf(types: readonly ListingType[], id: number): Tone {
  const list = ordered(types);
  const position = list.findIndex((t) => t.id === id);
  if (position === list.length - 1) return 'top';
  if (position === list.length - 2) return 'blue';
  return 'grey';
}

/** 0 is 'Free', anything else '{price} credits'. */
export const priceLabel = (credits: number) => (credits === 0 ? 'Free' : `${credits} credits`);

/** What a promotion costs: the chosen type's price minus the current type's, never below 0. */
export const amountToPay = (chosen: ListingType, current: ListingType | undefined) =>
  Math.max(0, chosen.price - (current?.price ?? 0));
