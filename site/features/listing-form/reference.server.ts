import type { AstroGlobal } from 'astro';
import { prefixes } from '#shared/limits.ts';
import { enumerableKinds, type Enumerables, type Named } from '#shared/schemas/catalog.ts';
import { pageData, readOrLog } from '../../lib/page-data.ts';
import type { ListingReference } from './reference.ts';

const noEnumerables = Object.fromEntries(enumerableKinds.map((k) => [k, [] as Named[]])) as Record<
  keyof Enumerables,
  Named[]
>;

/**
 * Makes, enumerables, safety and equipment items and the configuration. A failed read is logged
 * and leaves its lists empty (the spec only logs these failures).
 */
export async function loadReference(astro: Pick<AstroGlobal, 'locals'>): Promise<ListingReference> {
  const data = pageData(astro);
  const [reference, c] = await Promise.all([
    readOrLog('Listing form: the reference lists', data.reference()),
    readOrLog('Listing form: the configuration', data.configuration()),
  ]);
  const year = new Date().getFullYear();
  return {
    brands: reference?.makes ?? [],
    enumerables: reference?.enumerables ?? noEnumerables,
    safety: reference?.safety ?? [],
    equipment: reference?.equipment ?? [],
    config: {
      currency: c?.currency ?? '€',
      phonePrefix: c?.phonePrefix ?? prefixes.phone,
      listingTypes: c?.listingTypes ?? [],
      carMinimumYear: c?.carMinimumYear ?? 1950,
      carMaximumYear: c?.carMaximumYear ?? year + 1,
      subscriptionDuration: c?.subscriptionDuration ?? 30,
      privacyPolicyUrl: c?.privacyPolicyUrl || '/privacy-policy',
    },
  };
}
