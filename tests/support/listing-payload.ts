import sharp from 'sharp';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';

/**
 * The listing the tests submit, for the API tests (ids from the database) and the browser journeys
 * (ids from the API) alike.
 */

let photoSeed = 0;

/** `count` small, distinct JPEG photos as base64 (noise, so no two are alike, even across runs). */
export async function photos(count = 5, size = { width: 96, height: 72 }) {
  const run = Date.now() % 100_000;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const seed = ++photoSeed;
      const pixels = Buffer.alloc(size.width * size.height * 3);
      for (let p = 0; p < pixels.length; p++)
        pixels[p] = (p * 31 + seed * 97 + run * 13 + ((p * seed) % 251)) % 256;
      const jpeg = await sharp(pixels, { raw: { ...size, channels: 3 } })
        .jpeg()
        .toBuffer();
      return { image: jpeg.toString('base64'), isCover: i === 0, name: `photo-${seed}.jpg` };
    }),
  );
}

/** A complete, valid listing (a petrol Toyota Yaris, Standard type) with five photos. */
export async function yarisListing(
  ids: { brand: number; model: number },
  overrides: Partial<ListingPayloadInput> = {},
) {
  return {
    images: await photos(5),
    ...ids,
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
