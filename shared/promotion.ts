/**
 * The ids of promotion's two lists, as stored in the database. Listing types are the rows of
 * listing_types: a lower id is a higher tier, and Standard is free. Subscription states are
 * subscriptions.type_id: a canceled subscription stays active until it expires, then does not renew.
 */
export const listingTypeIds = { premium: 1, featured: 2, standard: 3 } as const;

/** Whether a listing of this type can still be promoted to a higher tier. */
export const belowTopTier = (listingTypeId: number) => listingTypeId > listingTypeIds.premium;

export const subscriptionStates = { active: 1, expired: 2, canceled: 3 } as const;
export type SubscriptionState = (typeof subscriptionStates)[keyof typeof subscriptionStates];

export const subscriptionStateNames: Record<number, string> = {
  [subscriptionStates.active]: 'Active',
  [subscriptionStates.expired]: 'Expired',
  [subscriptionStates.canceled]: 'Canceled',
};

/** The states that still hold the listing's promotion and come due at their expiry. */
export const currentStates = [subscriptionStates.active, subscriptionStates.canceled];
