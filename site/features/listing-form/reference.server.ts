import type { AstroGlobal } from 'astro';
import { enumerableKinds, type Enumerables, type Named } from '#shared/schemas/catalog.ts';
import { rowsOf } from '#shared/api/rows.ts';
import { serverApi } from '../../lib/server-api.ts';
import type { ListingReference } from './reference.ts';

const noEnumerables = Object.fromEntries(enumerableKinds.map((k) => [k, [] as Named[]])) as Record<
  keyof Enumerables,
  Named[]
>;

/**
 * Makes, enumerables, safety and equipment items and the configuration, called in-process. A
 * failed call is logged and leaves its list empty (the spec only logs these failures).
 */
export async function loadReference(
  astro: Pick<AstroGlobal, 'locals' | 'url'>,
): Promise<ListingReference> {
  const api = serverApi(astro);
  const [brands, enumerables, safety, equipment, config] = await Promise.all([
    api.call((r) => r.cars.brands.$get({ query: {} })),
    api.call((r) => r.car.details.enumerables.$get()),
    api.call((r) => r.cars.safety.$get()),
    api.call((r) => r.cars.equipment.$get()),
    api.call((r) => r.configuration.$get()),
  ]);
  for (const [name, res] of Object.entries({ brands, enumerables, safety, equipment, config }))
    if (res.code !== 0) console.error(`listing form: loading ${name} failed: ${res.message}`);
  const year = new Date().getFullYear();
  const c = config.code === 0 ? config.data : null;
  return {
    brands: brands.code === 0 ? rowsOf(brands.data) : [],
    enumerables: enumerables.code === 0 ? enumerables.data : noEnumerables,
    safety: safety.code === 0 ? safety.data : [],
    equipment: equipment.code === 0 ? equipment.data : [],
    config: {
      currency: c?.currency ?? '€',
      phonePrefix: c?.phonePrefix ?? '+356',
      listingTypes: c?.listingTypes ?? [],
      carMinimumYear: c?.carMinimumYear ?? 1950,
      carMaximumYear: c?.carMaximumYear ?? year + 1,
      subscriptionDuration: c?.subscriptionDuration ?? 30,
      privacyPolicyUrl: c?.privacyPolicyUrl || '/privacy-policy',
    },
  };
}
