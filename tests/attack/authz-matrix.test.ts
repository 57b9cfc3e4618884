import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context.ts';
import { matrix, type Entry } from './matrix.ts';
import { call, documentedOperations, fillPath, type Operation } from './operations.ts';
import { buildWorld, isErrorEnvelope, worldSettings, type World } from './world.ts';

/**
 * Plays the matrix (matrix.ts): every documented operation, called by a visitor, by another seller,
 * a dealer, a buyer and a blocked buyer on the owner's objects, and by a seller on the
 * administrators' routes; a route added without an entry fails the first test. What the 200s
 * contain is disclosure.test.ts's.
 */

let ctx: TestContext;
let world: World;
let operations: Map<string, Operation>;
beforeAll(async () => {
  ctx = await createTestContext(worldSettings);
  world = await buildWorld(ctx);
  operations = new Map((await documentedOperations(ctx)).map((op) => [op.key, op]));
});
afterAll(() => ctx.close());

async function attempt(key: string, entry: Entry, token: string | undefined) {
  const [method = '', path = ''] = key.split(' ');
  const { params = {}, body } = (await entry.request?.(world, ctx)) ?? {};
  const withBody = operations.get(key)?.body !== undefined;
  const answer = await call(ctx, method, fillPath(path, params), {
    token,
    body: withBody ? (body ?? {}) : undefined,
  });
  return { ...answer, says: `${key} answered ${answer.status}: ${answer.text.slice(0, 200)}` };
}

describe('the authorization matrix', () => {
  it('has an entry for every documented operation, and no entry without one', () => {
    const missing = [...operations.keys()].filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !operations.has(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('documents the bearer scheme on exactly the routes that refuse visitors', () => {
    const mismatched = [...operations.values()]
      .filter((op) => op.key in matrix)
      .filter((op) => op.secured !== (matrix[op.key]?.anonymous === 401))
      .map((op) => op.key);
    expect(mismatched).toEqual([]);
  });

  describe.each(Object.entries(matrix))('%s', (key, entry) => {
    it(
      entry.anonymous === 401 ? 'refuses a visitor with 401' : 'answers a visitor without 401/403',
      async () => {
        const answer = await attempt(key, entry, undefined);
        expect(answer.status, answer.says).toBeLessThan(500);
        if (entry.anonymous === 401) expect(answer.status, answer.says).toBe(401);
        else expect([401, 403], answer.says).not.toContain(answer.status);
        if (answer.status >= 400)
          expect(isErrorEnvelope(answer.status, answer.body), answer.says).toBe(true);
      },
    );

    if (entry.otherSeller) {
      const status = entry.otherSeller;
      it(`refuses another seller the owner's object with ${status}`, async () => {
        const answer = await attempt(key, entry, world.other.accessToken);
        expect(answer.status, answer.says).toBe(status);
        expect(isErrorEnvelope(answer.status, answer.body), answer.says).toBe(true);
      });
    }

    if (entry.otherSeller) {
      const status = entry.otherSeller;
      // The buyer is a party to the owner's conversation: its routes are the buyer's too.
      const strangers = key.includes('/conversations/{id}')
        ? (['dealer', 'blocked'] as const)
        : (['dealer', 'blocked', 'buyer'] as const);
      it.each(strangers)(`refuses the %s the owner's object with ${status}`, async (who) => {
        const answer = await attempt(key, entry, world[who].accessToken);
        expect(answer.status, answer.says).toBe(status);
        expect(isErrorEnvelope(answer.status, answer.body), answer.says).toBe(true);
      });
    }

    if (entry.seller) {
      const status = entry.seller;
      it(`refuses a seller with ${status}, and lets an admin past the guard`, async () => {
        const answer = await attempt(key, entry, world.owner.accessToken);
        expect(answer.status, answer.says).toBe(status);
        expect(isErrorEnvelope(answer.status, answer.body), answer.says).toBe(true);
        const asAdmin = await attempt(key, entry, world.admin.accessToken);
        expect(asAdmin.status, asAdmin.says).toBeLessThan(500);
        expect([401, 403], asAdmin.says).not.toContain(asAdmin.status);
      });
    }

    if (entry.otherSeller && entry.anonymous === 401 && key.startsWith('GET ')) {
      it('answers the owner', async () => {
        const answer = await attempt(key, entry, world.owner.accessToken);
        expect(answer.status, answer.says).toBe(200);
      });
    }
  });
});
