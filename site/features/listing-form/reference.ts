import type { Enumerables, Named } from '#shared/schemas/catalog.ts';
import type { ListingType } from '#shared/schemas/configuration.ts';

/** What the form chooses from, loaded by the page on the server and handed to the island. */
export interface ListingReference {
  brands: Named[];
  enumerables: Enumerables;
  safety: Named[];
  equipment: Named[];
  config: {
    currency: string;
    phonePrefix: string;
    listingTypes: ListingType[];
    carMinimumYear: number;
    carMaximumYear: number;
    subscriptionDuration: number;
    privacyPolicyUrl: string;
  };
}
