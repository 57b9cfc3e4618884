import type { z } from '#shared/schemas/zod.ts';
import type { subscriptionHistorySchema, subscriptionSchema } from '#shared/schemas/payment.ts';

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionHistory = z.infer<typeof subscriptionHistorySchema>;

export const subscriptionTypes = { active: 1, expired: 2, canceled: 3 } as const;

/** The Filters control: all, then the three subscription types. */
export const subscriptionFilters = [
  { value: null, label: 'All' },
  { value: subscriptionTypes.active, label: 'Active' },
  { value: subscriptionTypes.expired, label: 'Expired' },
  { value: subscriptionTypes.canceled, label: 'Canceled' },
] as const;

/** Type 1 shows the active label; the others the suspended style. */
export const typeBadgeClass = (type: number) =>
  `state-badge ${type === subscriptionTypes.active ? 'state--ACTIVE' : 'state--SUSPENDED'}`;

/** The listing type a renewal is offered from: Standard, so both paid types are offered. */
export const RENEWAL_LISTING_TYPE = 3;

/** A history row's action: '{listing type name} listing fee'. */
export const feeLabel = (listingTypeName: string) => `${listingTypeName} listing fee`;
