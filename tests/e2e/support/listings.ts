import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Named } from '#shared/schemas/catalog.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing.ts';
import { yarisListing } from '../../support/listing-payload.ts';
import { adminSession, call, type Session } from './api.ts';

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
  const makes = await call<Named[]>(request, 'GET', 'cars/brands');
  const toyota = makes.data.find((m) => m.name === 'Toyota')!;
  const models = await call<Named[]>(request, 'GET', `cars/brands/${toyota.id}/models`);
  const yaris = models.data.find((m) => m.name === 'Yaris')!;
  return yarisListing({ brand: toyota.id, model: yaris.id }, { title, ...changes });
}

/** A listing request of the seller, waiting for approval; its id. */
export async function submitListing(
  request: APIRequestContext,
  seller: Session,
  title: string,
  changes: Partial<ListingPayloadInput> = {},
) {
  const res = await call<{ id: number }>(
    request,
    'POST',
    'cars/add',
    seller,
    await listingPayload(request, title, changes),
  );
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
  const res = await call(
    request,
    'POST',
    `cars/requests/approve/${id}`,
    await adminSession(request),
    {},
  );
  expect(res.code, res.message).toBe(0);
  return id;
}
