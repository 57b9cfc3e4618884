import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { rowsOf } from '#shared/api/rows.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import { yarisListing } from '../../support/listing-payload.ts';
import { adminSession, apiOf, type Session } from './api.ts';

export { photos } from '../../support/listing-payload.ts';

/**
 * The listing page's islands (photos, actions) have hydrated: Astro drops their 'ssr' mark then.
 * A click on one before that would do nothing.
 */
export const islandsReady = (page: Page) =>
  expect(page.locator('astro-island[ssr]')).toHaveCount(0);

let photoCount = 0;

/**
 * The five photos a listing needs at least, small and unlike any other listing's (noise seeded
 * by the worker's process and the photo's number): for a journey that does not look at them.
 */
async function smallPhotos(count = 5) {
  const size = { width: 48, height: 36 };
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const n = ++photoCount;
      let seed = (process.pid * 2_654_435_761 + n * 40_503 + Date.now()) | 0 || 1;
      const pixels = Buffer.alloc(size.width * size.height * 3);
      for (let p = 0; p < pixels.length; p++) {
        // xorshift32
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        pixels[p] = seed & 255;
      }
      const jpeg = await sharp(pixels, { raw: { ...size, channels: 3 } })
        .jpeg()
        .toBuffer();
      return { image: jpeg.toString('base64'), isCover: i === 0, name: `photo-${n}.jpg` };
    }),
  );
}

let yarisIds: Promise<{ brand: number; model: number }> | undefined;

/** The ids of the Toyota make and its Yaris model, asked of the API once per worker. */
function toyotaYaris(request: APIRequestContext) {
  yarisIds ??= (async () => {
    const api = apiOf(request);
    const makes = await api.call((r) => r.cars.brands.$get({ query: {} }));
    const toyota = rowsOf(makes.data).find((m) => m.name === 'Toyota')!;
    const models = await api.call((r) =>
      r.cars.brands[':brandId'].models.$get({ param: { brandId: String(toyota.id) }, query: {} }),
    );
    const yaris = rowsOf(models.data).find((m) => m.name === 'Yaris')!;
    return { brand: toyota.id, model: yaris.id };
  })();
  yarisIds.catch(() => (yarisIds = undefined));
  return yarisIds;
}

/**
 * A complete Standard Toyota Yaris listing, as the listing form sends it (ids from the API), with
 * five photos; `changes` may replace them.
 */
export async function listingPayload(
  request: APIRequestContext,
  title: string,
  changes: Partial<ListingPayloadInput> = {},
) {
  return yarisListing(await toyotaYaris(request), { title, ...changes });
}

/**
 * A listing request of the seller, waiting for approval; its id. Its photos are small unless
 * `changes` gives them.
 */
export async function submitListing(
  request: APIRequestContext,
  seller: Session,
  title: string,
  changes: Partial<ListingPayloadInput> = {},
) {
  const json = await listingPayload(request, title, { images: await smallPhotos(), ...changes });
  const res = await apiOf(request, seller).call((r) => r.cars.add.$post({ json }));
  expect(res.code, res.message).toBe(0);
  return res.data.id;
}

/** A listing of the seller that the administrator approved: live; its id. */
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
