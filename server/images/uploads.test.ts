import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { companyPayload, newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { listingPayload, liveListing, photos } from '../../tests/support/listings.ts';
import { listings, users } from '../db/schema/index.ts';
import { pngClaiming } from '../../tests/support/images.ts';

/**
 * The three endpoints that take pictures from anyone (cars/add, user/register/company,
 * user/update) against the uploads an attacker or a broken client sends: each answers 4xx with a
 * message, and a refused or failed submission leaves no file and no row behind.
 */

let ctx: TestContext;
let uploads: string;
beforeAll(async () => {
  ctx = await createTestContext();
  uploads = path.join(ctx.deps.config.DATA_DIR, 'uploads');
});
afterAll(() => ctx.close());

const INVALID = 'The following files were not uploaded because they are not valid image formats';

/** Every stored file, relative to the uploads folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)))
    .sort();
}

const base64 = (bytes: Buffer) => bytes.toString('base64');
const truncated = (image: string) => {
  const bytes = Buffer.from(image, 'base64');
  return base64(bytes.subarray(0, Math.floor(bytes.length * 0.6)));
};
const logo = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer()
    .then(base64);
const jpegWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 53/1 0/1' },
    })
    .toBuffer();
const listingCount = async (userId: number) =>
  (await ctx.db.select().from(listings).where(eq(listings.userId, userId))).length;
const registerCompany = (overrides: Record<string, unknown>) =>
  ctx
    .client(undefined, newAddress())
    .call((r) => r.user.register.company.$post({ json: companyPayload(overrides) }));

describe('POST cars/add', () => {
  it('refuses a truncated photo with 422 naming it, and stores none of the batch', async () => {
    const seller = await signUp(ctx);
    const payload = await listingPayload(ctx, {
      images: await photos(5, { width: 400, height: 300 }),
    });
    const broken = payload.images[3]!;
    broken.image = truncated(broken.image);
    const before = await storedFiles();

    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: payload }));
    expect(res).toMatchObject({ status: 422, message: `${INVALID}: ${broken.name}` });
    expect(await storedFiles()).toEqual(before);
    expect(await listingCount(seller.userId)).toBe(0);
  });

  it('refuses HTML or SVG sent as a photo (whatever its name) and names each', async () => {
    const seller = await signUp(ctx);
    const payload = await listingPayload(ctx);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script></svg>';
    payload.images[1] = { image: base64(Buffer.from(svg)), isCover: false, name: 'car.jpg' };
    payload.images[2] = {
      image: `data:image/jpeg;base64,${base64(Buffer.from('<!doctype html><script>alert(1)</script>'))}`,
      isCover: false,
      name: 'page.png',
    };
    const before = await storedFiles();
    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: payload }));
    expect(res).toMatchObject({ status: 422, message: `${INVALID}: car.jpg, page.png` });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a decompression bomb (huge dimensions, tiny file) before decoding it', async () => {
    const seller = await signUp(ctx);
    const payload = await listingPayload(ctx);
    // Under sharp's own default cap (268 MP), so only the app's cap stops it.
    const bomb = pngClaiming(12_000, 12_000);
    expect(bomb.length).toBeLessThan(200);
    payload.images[0] = { image: base64(bomb), isCover: true, name: 'bomb.png' };
    const before = await storedFiles();
    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: payload }));
    expect(res).toMatchObject({ status: 413, message: 'bomb.png is larger than 25 megapixels' });
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a JPEG with HTML appended as a clean JPEG, served as image/jpeg only', async () => {
    const seller = await signUp(ctx);
    const payload = await listingPayload(ctx);
    const jpeg = Buffer.from(payload.images[0]!.image, 'base64');
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]);
    payload.images[0] = { image: base64(polyglot), isCover: true, name: 'polyglot.jpg' };
    const before = new Set(await storedFiles());

    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: payload }));
    expect(res.code).toBe(0);
    const added = (await storedFiles()).filter((file) => !before.has(file));
    // Each photo: the 840 px JPEG, the JPEG card and at least one WebP card.
    expect(added.length).toBeGreaterThanOrEqual(5 * 3);
    for (const file of added) {
      const body = await readFile(path.join(uploads, file));
      expect(body.includes('<script')).toBe(false);
      const served = await ctx.app.request(`/images/${file}`);
      expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|webp)$/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('keeps no EXIF or GPS in any stored version of a photo', async () => {
    const seller = await signUp(ctx);
    const payload = await listingPayload(ctx);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    payload.images[0] = { image: base64(original), isCover: true, name: 'gps.jpg' };
    const before = new Set(await storedFiles());

    expect(
      (await ctx.client(seller.accessToken).call((r) => r.cars.add.$post({ json: payload }))).code,
    ).toBe(0);
    const added = (await storedFiles()).filter((file) => !before.has(file));
    for (const file of added) {
      const body = await readFile(path.join(uploads, file));
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(body.includes('TestCam')).toBe(false);
    }
  });

  it('removes the photos it wrote when the listing cannot be saved', async () => {
    const seller = await signUp(ctx);
    const before = await storedFiles();
    const res = await ctx
      .client(seller.accessToken)
      .call(async (r) => r.cars.add.$post({ json: await listingPayload(ctx, { adTypeId: 1 }) }));
    expect(res).toMatchObject({ status: 409, message: 'You do not have enough credits' });
    expect(await storedFiles()).toEqual(before);
  });
});

describe('POST cars/edit', () => {
  it('refuses an edit with a truncated photo and keeps the listing and its files as they were', async () => {
    const seller = await signUp(ctx);
    const admin = await signUpAdmin(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const raw = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.edit.details.raw[':id'].$get({ param: { id: String(id) } }));
    const [fresh] = await photos(1, { width: 400, height: 300 });
    const images = [
      ...raw.data.images.slice(0, 4),
      { ...fresh!, image: truncated(fresh!.image), name: 'cut.jpg' },
    ];
    const before = await storedFiles();

    const res = await ctx
      .client(seller.accessToken)
      .call(async (r) =>
        r.cars.edit.$post({ json: { ...(await listingPayload(ctx)), images, originalId: id } }),
      );
    expect(res).toMatchObject({ status: 422, message: `${INVALID}: cut.jpg` });
    expect(await storedFiles()).toEqual(before);
    const edits = await ctx.db.select().from(listings).where(eq(listings.originalId, id));
    expect(edits).toHaveLength(0);
  });
});

describe('POST user/register/company', () => {
  it('refuses a truncated logo with 422 and creates no account and no file', async () => {
    const before = await storedFiles();
    const email = `truncated.${Date.now()}@example.mt`;
    const res = await registerCompany({ email, image: truncated(await logo('#0b5fff')) });
    expect(res).toMatchObject({ status: 422, message: `${INVALID}: Logo` });
    expect(await storedFiles()).toEqual(before);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    expect(rows).toHaveLength(0);
  });

  it('refuses an SVG logo and a logo claiming 12000 x 12000 pixels', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    expect(await registerCompany({ image: base64(Buffer.from(svg)) })).toMatchObject({
      status: 422,
      message: `${INVALID}: Logo`,
    });
    expect(await registerCompany({ image: base64(pngClaiming(12_000, 12_000)) })).toMatchObject({
      status: 413,
      message: 'Logo is larger than 25 megapixels',
    });
  });

  it('keeps no logo file for a registration that loses the race for its email', async () => {
    const email = `race.${Date.now()}@example.mt`;
    const before = await storedFiles();
    const results = await Promise.all(
      ['#0b5fff', '#0a8f5a'].map(async (colour) =>
        registerCompany({ email, image: await logo(colour) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const added = (await storedFiles()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
  });

  it('stores the logo without its EXIF and GPS', async () => {
    const before = new Set(await storedFiles());
    const res = await registerCompany({ image: base64(await jpegWithGps()) });
    expect(res.code).toBe(0);
    const [file] = (await storedFiles()).filter((f) => !before.has(f));
    const body = await readFile(path.join(uploads, file!));
    expect((await sharp(body).metadata()).exif).toBeUndefined();
    expect(body.includes('TestCam')).toBe(false);
  });
});

describe('POST user/update', () => {
  it('refuses a truncated logo with 422 and keeps the logo the company had', async () => {
    const session = await signUp(ctx, 'company');
    const mine = () =>
      ctx
        .client(session.accessToken)
        .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }));
    const { imageUrl } = (await mine()).data;
    const before = await storedFiles();
    const res = await ctx.client(session.accessToken).call(async (r) =>
      r.user.update.$post({
        json: {
          firstName: 'Island Motors',
          phone: '21441234',
          city: 'Qormi',
          image: truncated(await logo('#c2410c')),
        },
      }),
    );
    expect(res).toMatchObject({ status: 422, message: `${INVALID}: Logo` });
    expect(await storedFiles()).toEqual(before);
    expect((await mine()).data.imageUrl).toBe(imageUrl);
  });
});
