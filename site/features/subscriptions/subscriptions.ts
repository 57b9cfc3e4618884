import { listingTypeIds, subscriptionStateNames, subscriptionStates } from '#shared/promotion.ts';
import type { z } from '#shared/schemas/zod.ts';
import type { subscriptionHistorySchema, subscriptionSchema } from '#shared/schemas/payment.ts';

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionHistory = z.infer<typeof subscriptionHistorySchema>;

/** The Filters control: all, then the three subscription states. */
export const subscriptionFilters = [
  { value: null, label: 'All' },
  ...Object.values(subscriptionStates).map((value) => ({
    value,
    label: subscriptionStateNames[value] ?? '',
  })),
];

/** An active subscription shows the active label; the others the suspended style. */
export const typeBadgeClass = (type: number) =>
  `state-badge ${type === subscriptionStates.active ? 'state--ACTIVE' : 'state--SUSPENDED'}`;

/** The listing type a renewal is offered from: Standard, so both paid types are offered. */
export const RENEWAL_LISTING_TYPE = listingTypeIds.standard;

/** A history row's action: '{listing type name} listing fee'. */
export const feeLabel = (listingTypeName: string) => `${listingTypeName} listing fee`;
