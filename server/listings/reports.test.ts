import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';

const MESSAGE = 'Not a real vehicle - the photos are taken from another site';
const TOO_SHORT = 'You need to enter at least 10 characters.';
const NO_CATEGORY = 'You need to choose one category for report';

let ctx: TestContext;
let admin: Session;
let owner: Session;

/** A new live listing of `owner`, so that every test starts without reports. */
const freshListing = () => liveListing(ctx, owner.accessToken, admin.accessToken);

/** A report, from an address of its own unless `from` is given (reports count per address). */
const report = (id: number, token?: string, message = MESSAGE, from = newAddress()) =>
  ctx
    .client(token, from)
    .call((r) => r.cars.report[':id'].$post({ param: { id: String(id) }, json: { message } }));
/** A report from a visitor who is not logged in, from `from` with the browser `browser`. */
const reportAnonymously = (id: number, browser: string, from: string, message = MESSAGE) =>
  ctx
    .client(undefined, from, { 'user-agent': browser })
    .call((r) => r.cars.report[':id'].$post({ param: { id: String(id) }, json: { message } }));

const reported = async () =>
  wholeList(
    (await ctx.client(admin.accessToken).call((r) => r.cars.reported.$get({ query: {} }))).data,
  ).map((c) => c.id);
const suspended = async () =>
  wholeList(
    (await ctx.client(admin.accessToken).call((r) => r.cars.suspended.$get({ query: {} }))).data,
  ).map((c) => c.id);
const reportsOf = (id: number, token = admin.accessToken) =>
  ctx.client(token).call((r) => r.car.reports[':id'].$get({ param: { id: String(id) } }));
const dismiss = (id: number, token = admin.accessToken) =>
  ctx.client(token).call((r) => r.car[':id'].report.delete.$post({ param: { id: String(id) } }));
const suspend = (id: number, token = admin.accessToken) =>
  ctx
    .client(token)
    .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }));
const activate = (id: number, token = admin.accessToken) =>
  ctx.client(token).call((r) => r.cars.activate[':id'].$post({ param: { id: String(id) } }));
const details = (id: number, token?: string) =>
  ctx.client(token).call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  owner = await signUp(ctx);
});
afterAll(() => ctx.close());

describe('POST /api/cars/report/{id}', () => {
  it("reports a live listing: 'Car reported'", async () => {
    const id = await freshListing();
    const user = await signUp(ctx);
    expect(await report(id, user.accessToken)).toMatchObject({
      status: 200,
      code: 0,
      message: 'Car reported',
      data: null,
    });
    expect(await reported()).toContain(id);
  });

  it.each([
    ['details under 10 characters', 'A scam - too short', TOO_SHORT],
    ['details of spaces', 'A scam -          short   ', TOO_SHORT],
    ['a reason and no details', 'Not a real vehicle - ', TOO_SHORT],
    ['an empty message', '', NO_CATEGORY],
    ['a message of spaces', '   ', NO_CATEGORY],
    ['details without a reason', ' - the photos are of another car', NO_CATEGORY],
  ])('refuses %s with 400', async (_, message, expected) => {
    const id = await freshListing();
    const user = await signUp(ctx);
    expect(await report(id, user.accessToken, message)).toMatchObject({
      status: 400,
      code: 400,
      message: expected,
    });
    expect((await reportsOf(id)).data).toEqual([]);
  });

  it('accepts details of exactly 10 characters', async () => {
    const id = await freshListing();
    const user = await signUp(ctx);
    expect((await report(id, user.accessToken, 'Offensive - 0123456789')).code).toBe(0);
  });

  it('answers 409 to a second open report by the same user', async () => {
    const id = await freshListing();
    const user = await signUp(ctx);
    expect((await report(id, user.accessToken)).code).toBe(0);
    expect(await report(id, user.accessToken)).toMatchObject({
      status: 409,
      code: 409,
      message: 'You have already reported this listing',
    });
    expect((await reportsOf(id)).data).toHaveLength(1);
  });

  it('lets an anonymous visitor report once, whatever browser they claim', async () => {
    const id = await freshListing();
    const visitor = newAddress();
    expect(await reportAnonymously(id, 'Browser A', visitor)).toMatchObject({
      status: 200,
      message: 'Car reported',
    });
    expect((await reportAnonymously(id, 'Browser A', visitor)).status).toBe(409);
    expect((await reportAnonymously(id, 'Browser B', visitor)).status).toBe(409);
    expect((await reportAnonymously(id, 'Browser A', newAddress())).status).toBe(200);
    expect((await reportsOf(id)).data).toHaveLength(2);
  });

  it('takes ten reports an hour from one address, then answers 429', async () => {
    const visitor = newAddress();
    const ids = await Promise.all(Array.from({ length: 11 }, () => freshListing()));
    for (const [i, id] of ids.slice(0, 10).entries()) {
      expect((await reportAnonymously(id, `Browser ${i}`, visitor)).status).toBe(200);
    }
    expect(await reportAnonymously(ids[10]!, 'Browser 10', visitor)).toMatchObject({
      status: 429,
      message: 'Too many attempts. Please try again later.',
    });
    expect((await reportAnonymously(ids[10]!, 'Browser 10', newAddress())).status).toBe(200);
  });

  it('takes ten reports an hour from one account, from any address', async () => {
    const user = await signUp(ctx);
    const ids = await Promise.all(Array.from({ length: 11 }, () => freshListing()));
    for (const id of ids.slice(0, 10)) {
      expect((await report(id, user.accessToken)).status).toBe(200);
    }
    expect((await report(ids[10]!, user.accessToken)).status).toBe(429);
  });

  it('refuses the owner with 400', async () => {
    const id = await freshListing();
    expect(await report(id, owner.accessToken)).toMatchObject({
      status: 400,
      message: 'You cannot report your own listing',
    });
  });

  it('answers 404 for an unknown, pending or suspended listing', async () => {
    const user = await signUp(ctx);
    const pending = await submitListing(ctx, owner.accessToken);
    const gone = await freshListing();
    expect((await suspend(gone)).code).toBe(0);
    for (const id of [999_999, pending, gone]) {
      expect(await report(id, user.accessToken)).toMatchObject({
        status: 404,
        code: 404,
        message: 'Listing not found',
      });
    }
  });
});

describe('reported listings (admin)', () => {
  it('GET /api/car/reports/{id} answers the open reports, newest first', async () => {
    const id = await freshListing();
    const first = await signUp(ctx);
    const second = await signUp(ctx);
    await report(id, first.accessToken, 'A scam - asks for a deposit by wire');
    await sleep(5);
    await report(id, second.accessToken, 'Offensive - insulting words in the text');
    const res = await reportsOf(id);
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.data.map((r) => r.text)).toEqual([
      'Offensive - insulting words in the text',
      'A scam - asks for a deposit by wire',
    ]);
    for (const r of res.data) {
      expect(Object.keys(r).sort()).toEqual(['date', 'id', 'text']);
      expect(new Date(r.date).toISOString()).toBe(r.date);
    }
    expect(Date.parse(res.data[0]!.date)).toBeGreaterThanOrEqual(Date.parse(res.data[1]!.date));
  });

  it("dismisses: 'Dismissed report', the listing leaves the list and may be reported again", async () => {
    const id = await freshListing();
    const user = await signUp(ctx);
    await report(id, user.accessToken);
    expect(await reported()).toContain(id);

    expect(await dismiss(id)).toMatchObject({ status: 200, code: 0, message: 'Dismissed report' });
    expect(await reported()).not.toContain(id);
    expect((await reportsOf(id)).data).toEqual([]);
    expect((await details(id)).data.state).toBe('ACTIVE');

    expect((await report(id, user.accessToken)).code).toBe(0);
    expect(await reported()).toContain(id);
    expect((await reportsOf(id)).data).toHaveLength(1);
  });

  it('suspends: the listing is hidden from everyone but its owner until activated', async () => {
    const id = await freshListing();
    const user = await signUp(ctx);
    await report(id, user.accessToken);

    expect(await suspend(id)).toMatchObject({ status: 200, code: 0, message: 'Car suspended' });
    expect(await reported()).not.toContain(id);
    expect(await suspended()).toContain(id);
    expect((await details(id)).status).toBe(404);
    expect(await details(id, user.accessToken)).toMatchObject({
      status: 404,
      message: 'Listing not found',
    });
    expect(await details(id, owner.accessToken)).toMatchObject({
      status: 200,
      data: { id, state: 'SUSPENDED' },
    });

    expect(await activate(id)).toMatchObject({ status: 200, code: 0, message: 'Car activated' });
    expect(await suspended()).not.toContain(id);
    expect(await reported()).not.toContain(id);
    expect((await reportsOf(id)).data).toEqual([]);
    expect(await details(id)).toMatchObject({ status: 200, data: { state: 'ACTIVE' } });
    // The closed report no longer blocks a new one.
    expect((await report(id, user.accessToken)).code).toBe(0);
  });

  it('answers 403 to users and 401 to anonymous visitors on every admin route', async () => {
    const id = await freshListing();
    const user = await signUp(ctx);
    const calls = [
      (token?: string) => ctx.client(token).call((r) => r.cars.reported.$get({ query: {} })),
      (token?: string) => ctx.client(token).call((r) => r.cars.suspended.$get({ query: {} })),
      (token?: string) =>
        ctx.client(token).call((r) => r.car.reports[':id'].$get({ param: { id: String(id) } })),
      (token?: string) =>
        ctx
          .client(token)
          .call((r) => r.car[':id'].report.delete.$post({ param: { id: String(id) } })),
      (token?: string) =>
        ctx
          .client(token)
          .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} })),
      (token?: string) =>
        ctx.client(token).call((r) => r.cars.activate[':id'].$post({ param: { id: String(id) } })),
    ];
    for (const call of calls) {
      expect(await call(user.accessToken)).toMatchObject({ status: 403, code: 403 });
      expect(await call(owner.accessToken)).toMatchObject({ status: 403, code: 403 });
      expect(await call()).toMatchObject({ status: 401, code: 401 });
    }
    expect((await details(id)).data.state).toBe('ACTIVE');
  });
});
