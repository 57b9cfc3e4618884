import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { adminSession, call, type Session } from './api.ts';

let photoSeed = 0;

/** Five small JPEG photos as base64, different from every other set (photos are content-keyed). */
export function photos(count = 5) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const seed = ++photoSeed + (Date.now() % 1000) * 1000;
      const size = { width: 64, height: 48 };
      const pixels = Buffer.alloc(size.width * size.height * 3);
      for (let p = 0; p < pixels.length; p++) pixels[p] = (p * 31 + seed * 97) % 256;
      const jpeg = await sharp(pixels, { raw: { ...size, channels: 3 } })
        .jpeg()
        .toBuffer();
      return { image: jpeg.toString('base64'), isCover: i === 0, name: `photo-${seed}.jpg` };
    }),
  );
}

/** A complete Standard Toyota Yaris listing, as the listing form sends it. */
export async function listingPayload(
  request: APIRequestContext,
  title: string,
  changes: Record<string, unknown> = {},
) {
  const makes = await call<{ id: number; name: string }[]>(request, 'GET', 'cars/brands');
  const toyota = makes.data.find((m) => m.name === 'Toyota')!;
  const models = await call<{ id: number; name: string }[]>(
    request,
    'GET',
    `cars/brands/${toyota.id}/models`,
  );
  const next = new Date();
  return {
    images: await photos(),
    brand: toyota.id,
    model: models.data.find((m) => m.name === 'Yaris')!.id,
    title,
    body: 1,
    fuel: 1,
    doorNumber: 4,
    emissionClass: 6,
    driveTrain: 1,
    transmission: 2,
    steeringWheelSide: 1,
    acType: 2,
    origin: 3,
    carColor: 3,
    adTypeId: 3,
    price: 9500,
    cubics: 1300,
    power: 99,
    millage: 42000,
    year: 2018,
    registrationExpiration: `${String(next.getMonth() + 1).padStart(2, '0')}.${next.getFullYear() + 1}`,
    description: 'Serviced every year.\nNew tyres.',
    currency: '€',
    isFixedPrice: false,
    isDirectFinanceAvailable: true,
    isFirstOwner: true,
    isRedPlate: false,
    safety: [1, 2],
    equipment: [1, 3],
    categoryId: 1,
    personalDataAgreement: true,
    ...changes,
  };
}

/** A listing request of the seller, waiting for approval; its id. */
export async function submitListing(
  request: APIRequestContext,
  seller: Session,
  title: string,
  changes: Record<string, unknown> = {},
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
  changes: Record<string, unknown> = {},
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
