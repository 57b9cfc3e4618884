import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { auditLog } from '../db/schema/index.ts';

const configurationFields = [
  'systemVersion',
  'androidVersion',
  'iosVersion',
  'androidMandatoryVersion',
  'iosMandatoryVersion',
  'currency',
  'currencyName',
  'privacyPolicyUrl',
  'paymentTermsUrl',
  'registrationTermsUrl',
  'appStoreUrl',
  'playStoreUrl',
  'supportEmail',
  'subscriptionDuration',
  'welcomeCreditsIndividual',
  'welcomeCreditsCompany',
  'phonePrefix',
  'dateFormat',
  'carMinimumYear',
  'carMaximumYear',
  'releaseNotes',
  'aboutText',
  'listingTypes',
] as const;

let ctx: TestContext;
let adminToken: string;
let adminId: number;
let userToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signUpAdmin(ctx);
  adminToken = admin.accessToken;
  adminId = admin.userId;
  userToken = (await signUp(ctx)).accessToken;
});
afterAll(() => ctx.close());

async function current() {
  const res = await ctx.client().call((r) => r.configuration.$get());
  expect(res.status).toBe(200);
  return res.data;
}

/** The body of an update: the current configuration with the listing types as {id, price}. */
async function updateBody(overrides: Record<string, unknown> = {}) {
  const { listingTypes, ...fields } = await current();
  return {
    ...fields,
    listingTypes: listingTypes.map(({ id, price }) => ({ id, price })),
    ...overrides,
  };
}

describe('GET /api/configuration', () => {
  it('answers every field of the configuration with the listing types and their prices', async () => {
    const res = await ctx.client().call((r) => r.configuration.$get());
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual([...configurationFields].sort());
    expect(res.data.currency).toBe('€');
    expect(res.data.currencyName).toBe('EUR');
    expect(res.data.phonePrefix).toBe('+356');
    expect(res.data.subscriptionDuration).toBe(30);
    expect(res.data.carMinimumYear).toBeLessThanOrEqual(res.data.carMaximumYear);
    expect(res.data.listingTypes.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 1, name: 'Premium' },
      { id: 2, name: 'Featured' },
      { id: 3, name: 'Standard' },
    ]);
    for (const type of res.data.listingTypes) expect(typeof type.price).toBe('number');
    expect(res.data.listingTypes[2]?.price).toBe(0);
    expect(res.data.listingTypes[0]!.price).toBeGreaterThan(0);
    expect(res.data.listingTypes[1]!.price).toBeGreaterThan(0);
  });

  it('needs no token', async () => {
    const res = await ctx.client(userToken).call((r) => r.configuration.$get());
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
  });
});

describe('GET /api/configuration/cities', () => {
  it('answers the 68 localities of Malta and Gozo, each once', async () => {
    const res = await ctx.client().call((r) => r.configuration.cities.$get());
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(68);
    const names = res.data.map((c) => c.name);
    expect(new Set(names).size).toBe(68);
    expect(names).toContain('Valletta');
    expect(names).toContain('Victoria');
    for (const city of res.data) {
      expect(city).toEqual({ id: expect.any(Number), name: expect.any(String) });
    }
  });
});

describe('POST /api/configuration/update', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx
      .client()
      .call(async (r) => r.configuration.update.$post({ json: await updateBody() }));
    expect(res.status).toBe(401);
    expect(res.code).toBe(401);
    expect(res.data).toBeNull();
  });

  it('answers 403 for a user who is not an administrator', async () => {
    const before = await current();
    const res = await ctx
      .client(userToken)
      .call(async (r) =>
        r.configuration.update.$post({ json: await updateBody({ releaseNotes: 'Hacked' }) }),
      );
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
    expect(await current()).toEqual(before);
  });

  it('saves the change for an administrator and shows it in the next GET', async () => {
    const body = await updateBody({
      releaseNotes: 'Spotted 1.1: faster search.',
      supportEmail: 'help@spotted.mt',
      welcomeCreditsIndividual: 75,
    });
    const res = await ctx
      .client(adminToken)
      .call((r) => r.configuration.update.$post({ json: body }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Successfully updated configuration');
    expect(res.data.releaseNotes).toBe('Spotted 1.1: faster search.');

    const after = await current();
    expect(after.releaseNotes).toBe('Spotted 1.1: faster search.');
    expect(after.supportEmail).toBe('help@spotted.mt');
    expect(after.welcomeCreditsIndividual).toBe(75);
    expect(after.currency).toBe('€');
  });

  it('writes an audit log row for the administrator', async () => {
    const res = await ctx.client(adminToken).call(async (r) =>
      r.configuration.update.$post({
        json: await updateBody({ releaseNotes: 'Audited release' }),
      }),
    );
    expect(res.code).toBe(0);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.adminId, adminId));
    const row = rows.find(
      (r) =>
        r.entity === 'configuration' &&
        (r.details as { releaseNotes?: string } | null)?.releaseNotes === 'Audited release',
    );
    expect(row).toBeDefined();
    expect(row?.action).toBe('update');
    expect(row?.entityId).toBe(1);
  });

  it('changes the price of a listing type', async () => {
    const body = await updateBody({
      listingTypes: [
        { id: 1, price: 120 },
        { id: 2, price: 60 },
      ],
    });
    const res = await ctx
      .client(adminToken)
      .call((r) => r.configuration.update.$post({ json: body }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const after = await current();
    expect(after.listingTypes).toEqual([
      { id: 1, name: 'Premium', price: 120 },
      { id: 2, name: 'Featured', price: 60 },
      { id: 3, name: 'Standard', price: 0 },
    ]);
  });

  it('rejects release notes over 200 characters', async () => {
    const before = await current();
    const res = await ctx
      .client(adminToken)
      .call(async (r) =>
        r.configuration.update.$post({ json: await updateBody({ releaseNotes: 'x'.repeat(201) }) }),
      );
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.message).toBe('Release notes can have at most 200 characters');
    expect(await current()).toEqual(before);
  });

  it('accepts release notes of exactly 200 characters', async () => {
    const res = await ctx
      .client(adminToken)
      .call(async (r) =>
        r.configuration.update.$post({ json: await updateBody({ releaseNotes: 'y'.repeat(200) }) }),
      );
    expect(res.status).toBe(200);
    expect((await current()).releaseNotes).toBe('y'.repeat(200));
  });

  it('rejects an about text over 2000 characters', async () => {
    const before = await current();
    const res = await ctx
      .client(adminToken)
      .call(async (r) =>
        r.configuration.update.$post({ json: await updateBody({ aboutText: 'a'.repeat(2001) }) }),
      );
    expect(res.status).toBe(400);
    expect(res.message).toBe('About text can have at most 2000 characters');
    expect(await current()).toEqual(before);
  });

  it('rejects a minimum car year after the maximum', async () => {
    const before = await current();
    const res = await ctx.client(adminToken).call(async (r) =>
      r.configuration.update.$post({
        json: await updateBody({ carMinimumYear: 2020, carMaximumYear: 2010 }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.message).toBe('Minimum year must not be after maximum year');
    expect(await current()).toEqual(before);
  });

  it('rejects a support email that is not an email address', async () => {
    const before = await current();
    const res = await ctx
      .client(adminToken)
      .call(async (r) =>
        r.configuration.update.$post({ json: await updateBody({ supportEmail: 'not-an-email' }) }),
      );
    expect(res.status).toBe(400);
    expect(res.message).toBe('Support email is not valid');
    expect(await current()).toEqual(before);
  });

  it('changes nothing when one listing type does not exist', async () => {
    const before = await current();
    const res = await ctx.client(adminToken).call(async (r) =>
      r.configuration.update.$post({
        json: await updateBody({
          releaseNotes: 'Must not be saved',
          listingTypes: [
            { id: 1, price: 999 },
            { id: 99, price: 5 },
          ],
        }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.message).toBe('Listing type 99 does not exist');
    expect(await current()).toEqual(before);
  });

  it('rejects a negative price', async () => {
    const before = await current();
    const res = await ctx.client(adminToken).call(async (r) =>
      r.configuration.update.$post({
        json: await updateBody({ listingTypes: [{ id: 1, price: -1 }] }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await current()).toEqual(before);
  });
});

describe('GET /api/configuration/menu/admin', () => {
  const menu = (token?: string) => ctx.client(token).call((r) => r.configuration.menu.admin.$get());

  it('answers 401 for anonymous callers', async () => {
    const res = await menu();
    expect(res.status).toBe(401);
    expect(res.code).toBe(401);
  });

  it('answers 403 for a normal user', async () => {
    const res = await menu(userToken);
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
  });

  it('answers the 20 sections in order for an administrator', async () => {
    const res = await menu(adminToken);
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(20);
    expect(res.data[0]?.section).toBe('approve-listings');
    expect(res.data[16]?.section).toBe('models');
    expect(res.data[18]?.section).toBe('reason-templates');
    expect(res.data[19]?.section).toBe('appeals');
    for (const item of res.data) {
      expect(item).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        icon: expect.any(String),
        section: expect.any(String),
        isActive: true,
      });
    }
    expect(new Set(res.data.map((i) => i.section)).size).toBe(20);
  });

  it('answers the same with a trailing slash', async () => {
    // A path the typed client does not write.
    const path = '/api/configuration/menu/admin/';
    expect(await ctx.request('GET', path)).toMatchObject({ status: 401, code: 401 });
    expect(await ctx.request('GET', path, { token: userToken })).toMatchObject({
      status: 403,
      code: 403,
    });
    expect(await ctx.request('GET', path, { token: adminToken })).toMatchObject({
      status: 200,
      code: 0,
      data: (await menu(adminToken)).data,
    });
  });
});
