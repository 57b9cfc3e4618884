import type { AstroGlobal } from 'astro';
import { createApiClient } from '#shared/api/client.ts';

/** The API as server-rendered pages call it: in-process, through Astro.locals.api. */
export const serverApi = (astro: Pick<AstroGlobal, 'locals' | 'url'>) =>
  createApiClient({ fetch: astro.locals.api, baseUrl: astro.url.origin });

const fallback = { appStoreUrl: '#', playStoreUrl: '#', currency: '€', phonePrefix: '+356' };

/** The configuration a page needs (store links, currency, phone prefix). */
export async function siteConfiguration(astro: Pick<AstroGlobal, 'locals' | 'url'>) {
  if (astro.locals.data) return astro.locals.data.configuration();
  const res = await serverApi(astro).call((r) => r.configuration.$get());
  return res.code === 0
    ? res.data
    : { ...fallback, listingTypes: [] as typeof res.data.listingTypes };
}
