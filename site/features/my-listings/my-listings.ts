import { belowTopTier } from '#shared/promotion.ts';
import type { CarCard, ListingState } from '#shared/schemas/listing-display.ts';

/** The Filters control's choices: all (no filter) and the four states. */
export const stateFilters = [
  { value: null, label: 'All' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'DENIED', label: 'Denied' },
  { value: 'SUSPENDED', label: 'Suspended' },
] as const satisfies readonly { value: ListingState | null; label: string }[];

export const stateLabels: Record<ListingState, string> = {
  ACTIVE: 'Active',
  PENDING: 'Pending',
  DENIED: 'Denied',
  SUSPENDED: 'Suspended',
};

/** A live listing (ACTIVE or SUSPENDED) versus a listing request (PENDING or DENIED). */
export const isRequest = (state: ListingState) => state === 'PENDING' || state === 'DENIED';

/** Where a card leads: requests open the pending details screen. */
export const detailsHref = (car: Pick<CarCard, 'id' | 'state'>) =>
  isRequest(car.state) ? `/car/pending/${car.id}` : `/car/${car.id}`;

export const editHref = (car: Pick<CarCard, 'id' | 'state'>) =>
  isRequest(car.state) ? `/edit-request-listing/${car.id}` : `/edit-listing/${car.id}`;

/** Promotion is offered only to active listings below the top tier. */
export const canPromote = (car: Pick<CarCard, 'typeId' | 'state'>) =>
  belowTopTier(car.typeId) && car.state === 'ACTIVE';

/** The filter word of the empty texts: the state in lower case, or nothing for all. */
export const filterWord = (state: ListingState | null) => (state ? state.toLowerCase() : '');

/** The state filter from a query parameter; anything unknown means all. */
export function parseStateFilter(value: string | null | undefined): ListingState | null {
  const upper = value?.toUpperCase();
  return stateFilters.find((f) => f.value === upper)?.value ?? null;
}
