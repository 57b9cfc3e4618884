import type { AstroGlobal } from 'astro';
import { createApiClient } from '#shared/api/client.ts';
import type { CarDetail } from '#shared/schemas/listing.ts';

type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'request' | 'clientAddress'>;

/**
 * The in-process API carrying the visitor's browser and address: the server counts a view once
 * per visitor and day and knows an anonymous visitor only by those two.
 */
function visitorApi(astro: PageContext) {
  const forwarded: Record<string, string> = {};
  const agent = astro.request.headers.get('user-agent');
  if (agent) forwarded['user-agent'] = agent;
  let address = astro.request.headers.get('x-forwarded-for');
  if (!address) {
    try {
      address = astro.clientAddress;
    } catch {
      address = null;
    }
  }
  if (address) forwarded['x-forwarded-for'] = address;
  return createApiClient({
    baseUrl: astro.url.origin,
    fetch: (request) => {
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(forwarded)) headers.set(name, value);
      return astro.locals.api(new Request(request, { headers }));
    },
  });
}

/** The live listing of a page's id (counting the view), or null for a bad id or any failure. */
export async function loadLiveListing(astro: PageContext, id: number): Promise<CarDetail | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  const res = await visitorApi(astro).get<CarDetail>(`car/${id}`);
  return res.code === 0 ? res.data : null;
}

/** A route parameter as a listing or user id (NaN when it is not one). */
export const idParam = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
