import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { rowsOf } from '#shared/api/rows.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import { yarisListing } from '../../support/listing-payload.ts';
import { adminSession, apiOf, type Session } from './api.ts';

export { photos } from '../../support/listing-payload.ts';

/**
 * The listing page's islands (photos, actions) hydrate once the browser is idle, after its first
 * photo has painted; Astro then drops their 'ssr' mark. A click before that would do nothing.
 */
export const islandsReady = (page: Page) =>
  expect(page.locator('astro-island[ssr]')).toHaveCount(0);

/** A complete Standard Toyota Yaris listing, as the listing form sends it (ids from the API). */
export async function listingPayload(
  request: APIRequestContext,
  title: string,
  changes: Partial<ListingPayloadInput> = {},
) {
  const api = apiOf(request);
  const makes = await api.call((r) => r.cars.brands.$get({ query: {} }));
  const toyota = rowsOf(makes.data).find((m) => m.name === 'Toyota')!;
  const models = await api.call((r) =>
    r.cars.brands[':brandId'].models.$get({ param: { brandId: String(toyota.id) }, query: {} }),
  );
  const yaris = rowsOf(models.data).find((m) => m.name === 'Yaris')!;
  return yarisListing({ brand: toyota.id, model: yaris.id }, { title, ...changes });
}

/** A listing request of the seller, waiting for approval; its id. */
export async function submitListing(
  request: APIRequestContext,
  seller: Session,
  title: string,
  changes: Partial<ListingPayloadInput> = {},
) {
  const json = await listingPayload(request, title, changes);
  const res = await apiOf(request, seller).call((r) => r.cars.add.$post({ json }));
  expect(res.code, res.message).toBe(0);
  return res.data.id;
}

/** A listing of the seller that an administrator approved: live; its id. */
export async function liveListing(
  request: APIRequestContext,
  seller: Session,
  title: string,
  changes: Partial<ListingPayloadInput> = {},
) {
  const id = await submitListing(request, seller, title, changes);
  const admin = apiOf(request, await adminSession(request));
  const res = await admin.call((r) =>
    r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }),
  );
  expect(res.code, res.message).toBe(0);
  return id;
}
