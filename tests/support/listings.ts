import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ListingPayloadInput } from '#shared/schemas/listing.ts';
import { makes, models } from '../../server/db/schema/index.ts';
import type { TestContext } from './context.ts';

let photoSeed = 0;

/** `count` small, distinct JPEG photos as base64 (noise, so no two are alike). */
export async function photos(count = 5, size = { width: 96, height: 72 }) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const seed = ++photoSeed;
      const pixels = Buffer.alloc(size.width * size.height * 3);
      for (let p = 0; p < pixels.length; p++)
        pixels[p] = (p * 31 + seed * 97 + ((p * seed) % 251)) % 256;
      const jpeg = await sharp(pixels, { raw: { ...size, channels: 3 } })
        .jpeg()
        .toBuffer();
      return { image: jpeg.toString('base64'), isCover: i === 0, name: `photo-${seed}.jpg` };
    }),
  );
}

/** The id of a model by make and model name. */
export async function modelId(ctx: TestContext, make: string, model: string) {
  const [row] = await ctx.db
    .select({ makeId: makes.id, modelId: models.id })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(makes.name, make), eq(models.name, model)));
  if (!row) throw new Error(`no ${make} ${model} in the reference data`);
  return row;
}

/** A complete, valid listing payload (a petrol Toyota Yaris, Standard type) with five photos. */
export async function listingPayload(
  ctx: TestContext,
  overrides: Partial<ListingPayloadInput> = {},
) {
  const { makeId, modelId: model } = await modelId(ctx, 'Toyota', 'Yaris');
  return {
    images: await photos(5),
    brand: makeId,
    model,
    title: 'Toyota Yaris 1.3 automatic, one owner',
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
    batteryCapacity: 0,
    batteryRange: 0,
    chargerType: null,
    power: 99,
    millage: 42000,
    year: 2018,
    registrationExpiration: '06.2027',
    chassisNumber: 'NCP131-1234567',
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
    ...overrides,
  } satisfies ListingPayloadInput;
}

/** Submits a listing as `token` and returns its id. */
export async function submitListing(
  ctx: TestContext,
  token: string,
  overrides: Partial<ListingPayloadInput> = {},
) {
  const res = await ctx.post<{ id: number }>(
    '/api/cars/add',
    await listingPayload(ctx, overrides),
    token,
  );
  if (res.code !== 0) throw new Error(`cars/add failed: ${res.message}`);
  return res.data.id;
}

/** Submits and approves a listing: a live listing's id. */
export async function liveListing(
  ctx: TestContext,
  token: string,
  adminToken: string,
  overrides: Partial<ListingPayloadInput> = {},
) {
  const id = await submitListing(ctx, token, overrides);
  const res = await ctx.post(`/api/cars/requests/approve/${id}`, {}, adminToken);
  if (res.code !== 0) throw new Error(`approve failed: ${res.message}`);
  return id;
}
