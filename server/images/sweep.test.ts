import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp } from '../../tests/support/factories.ts';
import { submitListing } from '../../tests/support/listings.ts';
import { listingImages } from '../db/schema/index.ts';
import { jobsFor } from '../jobs/jobs.ts';
import { SWEEP_GRACE_MS, sweepOrphanImages } from './sweep.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of ctx.deps.storage.list()) keys.push(file.key);
  return keys.sort();
}

/** Sets a stored file's modification time `ms` back. */
async function age(key: string, ms: number) {
  const when = new Date(Date.now() - ms);
  await utimes(path.join(ctx.deps.config.DATA_DIR, 'uploads', key), when, when);
}

describe('sweepOrphanImages', () => {
  it('removes old files no row names and keeps named, young and unknown ones', async () => {
    const seller = await signUp(ctx, 'company');
    const listingId = await submitListing(ctx, seller.accessToken);
    const photos = await ctx.db
      .select({ key: listingImages.key })
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId));
    expect(photos).toHaveLength(5);
    const { imageUrl } = (
      await ctx
        .client(seller.accessToken)
        .call((r) => r.user[':id'].$get({ param: { id: String(seller.userId) } }))
    ).data;
    const logo = imageUrl!.replace(/^\/images\//, '');

    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const orphans = [
      'listings/0123456789abcdef01234567.jpg',
      'listings/0123456789abcdef01234567-card.jpg',
      'listings/0123456789abcdef01234567-320.webp',
      'listings/0123456789abcdef01234567-large.jpg',
      'logos/00000000000000000000aaaa.jpg',
      'ads/00000000000000000000bbbb.jpg',
    ];
    const young = 'listings/fedcba9876543210fedcba98.jpg';
    const elsewhere = 'other/cccccccccccccccccccccccc.jpg';
    for (const key of [...orphans, young, elsewhere]) {
      await ctx.deps.storage.put(key, jpeg, 'image/jpeg');
    }
    const named = (await storedKeys()).filter(
      (key) => ![...orphans, young, elsewhere].includes(key),
    );
    // Every version of the listing's photos and the logo: all older than the grace period.
    expect(named.length).toBeGreaterThanOrEqual(5 * 3 + 1);
    expect(named).toContain(logo);
    for (const key of [...named, ...orphans, elsewhere]) await age(key, SWEEP_GRACE_MS + HOUR);
    await age(young, SWEEP_GRACE_MS - 5 * 60 * 1000);

    expect(await sweepOrphanImages(ctx.db, ctx.deps.storage)).toBe(orphans.length);
    expect(await storedKeys()).toEqual([...named, young, elsewhere].sort());
    // What a listing shows is still there.
    for (const { key } of photos) {
      expect((await ctx.app.request(`/images/${key}`)).status).toBe(200);
    }
    expect(await sweepOrphanImages(ctx.db, ctx.deps.storage)).toBe(0);
  });

  it('removes the logo a company replaced once the grace period has passed', async () => {
    const company = await signUp(ctx, 'company');
    const logoOf = async () =>
      (
        await ctx
          .client(company.accessToken)
          .call((r) => r.user[':id'].$get({ param: { id: String(company.userId) } }))
      ).data.imageUrl!.replace(/^\/images\//, '');
    const old = await logoOf();
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#0a8f5a' },
    })
      .png()
      .toBuffer();
    const res = await ctx.client(company.accessToken).call((r) =>
      r.user.update.$post({
        json: {
          firstName: 'Island Motors',
          phone: '21441234',
          city: 'Qormi',
          image: png.toString('base64'),
        },
      }),
    );
    expect(res.code).toBe(0);
    const current = await logoOf();
    expect(current).not.toBe(old);

    await sweepOrphanImages(ctx.db, ctx.deps.storage);
    expect(await storedKeys()).toEqual(expect.arrayContaining([old, current]));
    await sweepOrphanImages(ctx.db, ctx.deps.storage, new Date(Date.now() + SWEEP_GRACE_MS + HOUR));
    const after = await storedKeys();
    expect(after).toContain(current);
    expect(after).not.toContain(old);
  });

  it('runs as an hourly job of every instance', () => {
    const job = jobsFor(ctx.deps).find((j) => j.name === 'image-sweep');
    expect(job?.everySeconds).toBe(3600);
  });
});
