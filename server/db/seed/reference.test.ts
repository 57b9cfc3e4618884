import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationSchema } from '#shared/schemas/configuration.ts';
import { createTestContext, type TestContext } from '../../../tests/support/context.ts';
import { configuration } from '../schema/index.ts';
import { seedReference } from './reference.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const links = async () =>
  (
    await ctx.db
      .select({
        privacyPolicyUrl: configuration.privacyPolicyUrl,
        paymentTermsUrl: configuration.paymentTermsUrl,
        registrationTermsUrl: configuration.registrationTermsUrl,
        appStoreUrl: configuration.appStoreUrl,
        playStoreUrl: configuration.playStoreUrl,
      })
      .from(configuration)
      .where(eq(configuration.id, 1))
  )[0];

const siteLinks = {
  privacyPolicyUrl: '/privacy-policy',
  paymentTermsUrl: '/terms-of-use',
  registrationTermsUrl: '/terms-of-use',
  appStoreUrl: '',
  playStoreUrl: '',
};

describe('the seeded configuration', () => {
  it('links the legal pages by path, whatever the port, and has no store links', async () => {
    expect(await links()).toEqual(siteLinks);
  });

  it('replaces seeded links to a fixed port and placeholder store ids at start', async () => {
    await ctx.db
      .update(configuration)
      .set({
        privacyPolicyUrl: 'http://localhost:4321/privacy-policy',
        paymentTermsUrl: 'http://localhost:4321/terms-of-use',
        registrationTermsUrl: 'https://spotted.mt/terms',
        appStoreUrl: 'https://apps.apple.com/app/spotted-mt/id0000000000',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=mt.spotted.app',
      })
      .where(eq(configuration.id, 1));
    await seedReference(ctx.db);
    // An administrator's own value stays.
    expect(await links()).toEqual({
      ...siteLinks,
      registrationTermsUrl: 'https://spotted.mt/terms',
    });
  });

  it('accepts a path or a URL for the legal links, and nothing else', () => {
    const link = configurationSchema.shape.privacyPolicyUrl;
    for (const ok of ['/privacy-policy', 'https://spotted.mt/privacy', ''])
      expect(link.safeParse(ok).success).toBe(true);
    for (const bad of ['privacy-policy', '//elsewhere.example/privacy', '/privacy policy'])
      expect(link.safeParse(bad).error?.issues[0]?.message).toBe(
        'Must be a valid URL or a path starting with /',
      );
  });
});
