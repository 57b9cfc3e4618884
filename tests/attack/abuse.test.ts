import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../support/context.ts';
import { newAddress, signUp, signUpAdmin } from '../support/factories.ts';
import { wholeList } from '../support/lists.ts';
import { liveListing } from '../support/listings.ts';
import { browserSubscription, TEST_PUSH_SERVICE } from '../support/push.ts';
import { users, webPushSubscriptions } from '../../server/db/schema/index.ts';
import { BROWSERS_PER_USER } from '../../server/push/push.service.ts';

/**
 * What an attacker does with the two features that act on other people: web push, where every
 * notice makes the server open a connection to the endpoint a browser gave, and reports, which
 * can take a listing out of search. Each case expects the validation and limits the server has.
 */

const REPORT = 'Scam - the photos are taken from another site';

let ctx: TestContext;
/** A server that takes any push service, so that only the address rules stand in the way. */
let anyService: TestContext;
let admin: Session;
let owner: Session;
beforeAll(async () => {
  [ctx, anyService] = await Promise.all([
    createTestContext({ PUSH_SERVICES: TEST_PUSH_SERVICE, REPORTS_TO_HIDE: '3' }),
    createTestContext({ PUSH_SERVICES: '*' }),
  ]);
  admin = await signUpAdmin(ctx);
  owner = await signUp(ctx);
});
afterAll(() => Promise.all([ctx.close(), anyService.close()]));

const subscribe = (on: TestContext, token: string, endpoint: string) =>
  on
    .client(token)
    .call((r) => r.push.subscriptions.$post({ json: browserSubscription(endpoint).subscription }));

describe('web push endpoints an attacker registers', () => {
  /** Where the server must never connect: this host, the cloud's metadata, private networks. */
  const inside = [
    'https://127.0.0.1:6299/probe',
    'https://127.1/probe',
    'https://2130706433/probe',
    'https://0x7f.0.0.1/probe',
    'https://0177.0.0.1/probe',
    'https://0.0.0.0/probe',
    'https://localhost/probe',
    'https://[::1]/probe',
    'https://[::]/probe',
    'https://[::ffff:127.0.0.1]/probe',
    'https://[::ffff:a9fe:a9fe]/latest/meta-data',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/probe',
    'https://10.0.0.8/probe',
    'https://172.16.5.4/probe',
    'https://192.168.1.1/probe',
    'https://100.64.0.1/probe',
    'https://[fd00::1]/probe',
    'https://[64:ff9b::7f00:1]/probe',
    'https://[2002:7f00:1::]/probe',
    'https://224.0.0.1/probe',
    'https://255.255.255.255/probe',
    `https://${TEST_PUSH_SERVICE}@127.0.0.1/probe`,
  ];

  it.each(inside)('refuses %s even when any push service is allowed', async (endpoint) => {
    const user = await signUp(anyService);
    const res = await subscribe(anyService, user.accessToken, endpoint);
    expect(res.status, res.message).toBe(422);
    expect(res.data).toBeNull();
  });

  it('takes a public address when any push service is allowed', async () => {
    const user = await signUp(anyService);
    const res = await subscribe(anyService, user.accessToken, 'https://1.1.1.1/send/browser');
    expect(res.status, res.message).toBe(200);
  });

  it.each([
    'https://attacker.example/send/x',
    `https://${TEST_PUSH_SERVICE}.attacker.example/send/x`,
    `https://attacker.example/${TEST_PUSH_SERVICE}/send/x`,
    'https://1.1.1.1/send/x',
  ])('refuses %s, a host that is not one of the push services', async (endpoint) => {
    const user = await signUp(ctx);
    const res = await subscribe(ctx, user.accessToken, endpoint);
    expect(res.status, res.message).toBe(422);
  });

  it.each([
    ['plain http', `http://${TEST_PUSH_SERVICE}/send/x`],
    ['ftp', `ftp://${TEST_PUSH_SERVICE}/send/x`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an address of 2049 characters', `https://${TEST_PUSH_SERVICE}/`.padEnd(2049, 'a')],
  ])('refuses %s as a malformed endpoint with 400', async (_, endpoint) => {
    const user = await signUp(ctx);
    const res = await subscribe(ctx, user.accessToken, endpoint);
    expect(res.status, res.message).toBe(400);
  });

  it(`keeps ${BROWSERS_PER_USER} browsers of an account that floods subscriptions`, async () => {
    const user = await signUp(ctx);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        subscribe(ctx, user.accessToken, `https://${TEST_PUSH_SERVICE}/send/flood-${i}`),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    const [kept] = await ctx.db
      .select({ n: count() })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, user.userId));
    expect(kept?.n).toBe(BROWSERS_PER_USER);
  });

  it("cannot take over or forget another account's browser", async () => {
    const [victim, attacker] = await Promise.all([signUp(ctx), signUp(ctx)]);
    const endpoint = `https://${TEST_PUSH_SERVICE}/send/victim-${victim.userId}`;
    expect((await subscribe(ctx, victim.accessToken, endpoint)).status).toBe(200);
    // Learning the address is not owning the browser: the keys are the browser's own.
    expect((await subscribe(ctx, attacker.accessToken, endpoint)).status).toBe(409);
    const removed = await ctx
      .client(attacker.accessToken)
      .call((r) => r.push.subscriptions.remove.$post({ json: { endpoint } }));
    expect(removed.status).toBe(404);
    const [row] = await ctx.db
      .select({ userId: webPushSubscriptions.userId })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, endpoint));
    expect(row?.userId).toBe(victim.userId);
  });
});

describe('report floods', () => {
  const report = (id: number, token: string | undefined, from = newAddress()) =>
    ctx
      .client(token, from)
      .call((r) =>
        r.cars.report[':id'].$post({ param: { id: String(id) }, json: { message: REPORT } }),
      );
  const reportsOn = async (id: number) =>
    (
      await ctx
        .client(admin.accessToken)
        .call((r) => r.car.reports[':id'].$get({ param: { id: String(id) } }))
    ).data;
  /** Whether the listing shows in search and on its seller's page, as a visitor sees them. */
  const listed = async (id: number) => {
    const visitor = ctx.client();
    const search = await visitor.call((r) => r.cars.search.$post({ json: { pageSize: 100 } }));
    const offer = await visitor.call((r) =>
      r.cars.user[':userId'].$post({
        param: { userId: String(owner.userId) },
        json: { pageNumber: 1, pageSize: 100 },
      }),
    );
    return {
      search: search.data.cars.some((c) => c.id === id),
      offer: offer.data.cars.some((c) => c.id === id),
    };
  };
  const settled = (accounts: Session[]) =>
    ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(
        inArray(
          users.id,
          accounts.map((a) => a.userId),
        ),
      );

  it('takes one report per account and listing, however often it is sent', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const reporter = await signUp(ctx);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => report(id, reporter.accessToken)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 409, 429].includes(a.status))).toBe(true);
    expect(wholeList(await reportsOn(id))).toHaveLength(1);
  });

  it('takes one anonymous report per IPv6 /64, whichever address of it sends it', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const prefix = `2001:db8:${owner.userId.toString(16)}:7`;
    expect((await report(id, undefined, `${prefix}::1`)).status).toBe(200);
    for (const host of ['::2', ':abcd:1234:5678:9', '::ffff'])
      expect((await report(id, undefined, `${prefix}${host}`)).status).toBe(409);
    expect(wholeList(await reportsOn(id))).toHaveLength(1);
  });

  it('keeps a listing listed through a flood of anonymous and new accounts’ reports', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => report(id, undefined, newAddress())),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(15).fill(200));
    const fresh = await Promise.all(Array.from({ length: 5 }, () => signUp(ctx)));
    for (const account of fresh) expect((await report(id, account.accessToken)).status).toBe(200);
    expect(await listed(id)).toEqual({ search: true, offer: true });
    // The reports wait for an administrator.
    expect(wholeList(await reportsOn(id))).toHaveLength(20);
  });

  it('hides a listing once three settled accounts report it, and not before', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const accounts = await Promise.all(Array.from({ length: 3 }, () => signUp(ctx)));
    await settled(accounts);
    for (const account of accounts.slice(0, 2))
      expect((await report(id, account.accessToken)).status).toBe(200);
    expect(await listed(id)).toEqual({ search: true, offer: true });
    expect((await report(id, accounts[2]!.accessToken)).status).toBe(200);
    expect(await listed(id)).toEqual({ search: false, offer: false });
  });

  it('counts a settled account once, however many addresses it reports from', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const [account] = await Promise.all([signUp(ctx)]);
    await settled([account!]);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await report(id, account!.accessToken, newAddress())).status);
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(await listed(id)).toEqual({ search: true, offer: true });
  });

  it('stops one account reporting listing after listing at ten an hour', async () => {
    const reporter = await signUp(ctx);
    const ids = await Promise.all(
      Array.from({ length: 12 }, () => liveListing(ctx, owner.accessToken, admin.accessToken)),
    );
    const statuses = [];
    for (const id of ids) statuses.push((await report(id, reporter.accessToken)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  });
});
