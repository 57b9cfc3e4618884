import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/context.ts';
import { createTestContext, type TestContext } from '../support/context.ts';
import { matrix } from './matrix.ts';
import { call, documentedOperations, fillPath, type Operation } from './operations.ts';
import { buildWorld, worldSettings, type World } from './world.ts';

/**
 * What a 200 contains, not only its status: every operation that reads (each GET, and the POSTs
 * that answer a list) is called by each role on the owner's objects, and each answer is searched
 * for what that role may not see: anyone's password hash, tokens, two-factor secret or internal
 * fields, other people's e-mail addresses, a conversation's messages outside its two parties, the
 * owner's private rows (payments, saved searches, browsers).
 */

/** The POSTs that only read: lists and searches, with a page when the caller names none. */
const postReads = new Set([
  'POST /api/cars/search',
  'POST /api/cars/user/{userId}',
  'POST /api/cars/listings/user/{userId}',
  'POST /api/favorite/get',
  'POST /api/notifications/user/{userId}',
  'POST /api/payment/transactions/{userId}',
  'POST /api/subscription/user/{userId}',
  'POST /api/subscription/history/car/{carId}',
  'POST /api/contact/messages',
]);
const reads = Object.keys(matrix).filter((key) => key.startsWith('GET ') || postReads.has(key));

/** Field names that carry what no answer may: hashes, secrets, tokens that are not the caller's. */
const INTERNAL_FIELD = /hash|secret|password|recovery|^refresh|tokens?$|totp|salt/i;

type Role = 'visitor' | 'buyer' | 'blocked' | 'other' | 'dealer' | 'owner' | 'admin';
const roles: Role[] = ['visitor', 'buyer', 'blocked', 'other', 'dealer', 'owner', 'admin'];

let ctx: TestContext;
let world: World;
let operations: Map<string, Operation>;
let savedSearchName: string;
let adminSecret: string;
beforeAll(async () => {
  ctx = await createTestContext(worldSettings);
  world = await buildWorld(ctx);
  operations = new Map((await documentedOperations(ctx)).map((op) => [op.key, op]));
  const saved = await ctx.client(world.owner.accessToken).call((r) => r['saved-searches'].$get());
  savedSearchName = saved.data.find((s) => s.id === world.own.savedSearch)?.name ?? '';
  adminSecret = (world.admin as Session & { totpSecret?: string }).totpSecret ?? '';
});
afterAll(() => ctx.close());

const sessionOf = (role: Role): Session | undefined =>
  role === 'visitor' ? undefined : world[role];

/** Values `role` may not find in any answer, each with what it is. */
function forbiddenFor(role: Role): [string, string][] {
  const people: Role[] = ['owner', 'other', 'dealer', 'buyer', 'blocked', 'admin'];
  const mine = sessionOf(role);
  const forbidden: [string, string][] = [];
  for (const person of people) {
    const s = world[person as Exclude<Role, 'visitor'>];
    forbidden.push([s.refreshToken, `the refresh token of ${person}`]);
    if (s !== mine) forbidden.push([s.accessToken, `the access token of ${person}`]);
  }
  if (adminSecret) forbidden.push([adminSecret, "the admin's two-factor secret"]);
  // Buyers' addresses stay theirs: the seller talks to them through the conversation.
  for (const person of ['buyer', 'blocked', 'other'] as const)
    if (role !== person && role !== 'admin')
      forbidden.push([world[person].email, `the e-mail of ${person}`]);
  if (role !== 'owner' && role !== 'buyer')
    forbidden.push([world.privateMessage, 'a message of a conversation it is not part of']);
  if (role !== 'owner' && role !== 'admin') {
    forbidden.push([world.own.sessionId, "the owner's payment session"]);
    forbidden.push([world.own.pushEndpoint, "the owner's browser"]);
    forbidden.push([savedSearchName, "the owner's saved search"]);
  }
  return forbidden.filter(([value]) => value.length > 0);
}

/** The problems of one answer `role` got: forbidden values, hashes and internal fields. */
function problemsIn(role: Role, key: string, text: string, body: unknown): string[] {
  const problems = forbiddenFor(role)
    .filter(([value]) => text.includes(value))
    .map(([, what]) => `${key} shows ${what}`);
  if (/\$argon2/.test(text)) problems.push(`${key} shows a password hash`);
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [name, v] of Object.entries(value)) {
        if (INTERNAL_FIELD.test(name) && typeof v === 'string')
          problems.push(`${key} has the field ${path}.${name}`);
        walk(v, `${path}.${name}`);
      }
  };
  walk(body, 'body');
  return problems;
}

describe('what a 200 shows each role', () => {
  it.each(roles)('shows the %s only what it may see', async (role) => {
    const problems: string[] = [];
    const answered: string[] = [];
    for (const key of reads) {
      const op = operations.get(key);
      const entry = matrix[key];
      if (!op || !entry) continue;
      const { params = {}, body } = (await entry.request?.(world, ctx)) ?? {};
      const answer = await call(ctx, op.method, fillPath(op.path, params), {
        token: sessionOf(role)?.accessToken,
        body: op.body === undefined ? undefined : (body ?? { pageNumber: 1, pageSize: 100 }),
      });
      if (answer.status !== 200) continue;
      answered.push(key);
      problems.push(...problemsIn(role, key, answer.text, answer.body));
    }
    expect(problems).toEqual([]);
    // The owner reads every one of its own rows: a scan of refusals would prove nothing.
    if (role === 'owner')
      expect(answered).toEqual(
        expect.arrayContaining([
          'GET /api/conversations/{id}/messages',
          'POST /api/notifications/user/{userId}',
          'POST /api/payment/transactions/{userId}',
          'GET /api/saved-searches',
          'GET /api/user/{id}',
        ]),
      );
    console.info(`[disclosure] ${role}: ${answered.length} answers read`);
    expect(answered.length).toBeGreaterThan(role === 'admin' ? 60 : 10);
  });

  it('lets the parties read their conversation, and no one else', async () => {
    const path = `/api/conversations/${world.own.conversation}/messages`;
    const reads = await Promise.all(
      roles.map(async (role) => {
        const answer = await call(ctx, 'GET', path, { token: sessionOf(role)?.accessToken });
        return [role, answer.text.includes(world.privateMessage)] as const;
      }),
    );
    expect(Object.fromEntries(reads)).toEqual({
      visitor: false,
      buyer: true,
      blocked: false,
      other: false,
      dealer: false,
      owner: true,
      admin: false,
    });
  });

  it("lists only the caller's own rows in its lists", async () => {
    const idsOf = async (role: Role, url: string, method = 'GET') => {
      const answer = await call(ctx, method, url, {
        token: sessionOf(role)?.accessToken,
        body: method === 'POST' ? { pageNumber: 1, pageSize: 100 } : undefined,
      });
      const data = (answer.body as { data: unknown }).data;
      const rows = Array.isArray(data) ? data : ((data as { items?: unknown[] })?.items ?? []);
      return (rows as { id: number }[]).map((r) => r.id);
    };
    for (const role of ['buyer', 'blocked', 'other', 'dealer'] as const) {
      const { userId } = world[role];
      expect(await idsOf(role, '/api/saved-searches')).not.toContain(world.own.savedSearch);
      if (role !== 'buyer')
        expect(await idsOf(role, '/api/conversations')).not.toContain(world.own.conversation);
      expect(await idsOf(role, `/api/notifications/user/${userId}`, 'POST')).not.toContain(
        world.own.notification,
      );
      expect(await idsOf(role, `/api/payment/transactions/${userId}`, 'POST')).not.toContain(
        world.own.topUp,
      );
    }
    expect(await idsOf('owner', '/api/saved-searches')).toContain(world.own.savedSearch);
    expect(await idsOf('buyer', '/api/conversations')).toContain(world.own.conversation);
  });
});
