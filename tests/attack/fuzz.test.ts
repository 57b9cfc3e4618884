import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '#shared/limits.ts';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import { createTestContext, type TestContext } from '../support/context.ts';
import { fuzzRunsPerOperation } from '../support/depth.ts';
import { issueSession } from '../../server/auth/sessions.ts';
import { requestOf } from './arbitraries.ts';
import { matrix } from './matrix.ts';
import { call, documentedOperations, fillPath, type Answer, type Operation } from './operations.ts';
import { buildWorld, isErrorEnvelope, worldSettings, type World } from './world.ts';

/**
 * Property-based fuzzing of every documented operation: requests drawn from the operation's own
 * schemas (path, query, body), from well-formed to hostile, must always get the envelope and never
 * a 5xx. Seeded, so a failure is the same on every run and on both databases; the gate draws the
 * first of the full run's requests for each operation.
 */
const SEED = 20_261_124;
const RUNS_PER_OPERATION = fuzzRunsPerOperation;
/** How many of 20 values are hostile: none (to reach the code behind validation) up to many. */
const HOSTILITY = [0, 1, 3, 8] as const;

/** What a failure message must never carry: a stack, a file, or the database's own words. */
const INTERNALS =
  /node_modules|\.ts:\d+|\bat [\w.<>]+ \(|duplicate key|violates|syntax error|relation "|column "|PGlite|drizzle/i;

let ctx: TestContext;
let world: World;
let operations: Map<string, Operation>;
let cases = 0;
beforeAll(async () => {
  ctx = await createTestContext(worldSettings);
  world = await buildWorld(ctx);
  operations = new Map((await documentedOperations(ctx)).map((op) => [op.key, op]));
});
afterAll(async () => {
  console.info(`[fuzz] ${cases} requests on ${ctx.kind}`);
  await ctx.close();
});

/** A session of its own for each request: a fuzzed logout or password change ends only that. */
async function tokenOf(who: 'owner' | 'admin') {
  const user = who === 'admin' ? world.admin : world.owner;
  const roleId = who === 'admin' ? roles.admin : user.roleId;
  return (await issueSession(ctx.deps, { id: user.userId, roleId, email: user.email })).accessToken;
}

function problemWith(answer: Answer): string | null {
  if (answer.status >= 500) return 'a server error';
  if (answer.status >= 400) {
    if (!isErrorEnvelope(answer.status, answer.body)) return 'no error envelope';
    if (INTERNALS.test((answer.body as { message: string }).message)) return 'internals shown';
    return null;
  }
  const body = answer.body as { code?: unknown; message?: unknown } | undefined;
  if (body?.code !== 0 || typeof body.message !== 'string' || !('data' in body))
    return 'no success envelope';
  return null;
}

// Before the fuzzing, which changes the world's listings at random.
describe('what the fuzzing found', () => {
  it('finds a listing by fractional range bounds as by the whole numbers inside them', async () => {
    const count = async (filters: object) =>
      (await ctx.client().call((r) => r.cars.search.$post({ json: filters as SearchRequest }))).data
        .totalCount;
    // The world's live listings are from 2018 and cost 9500 (tests/support/listing-payload.ts).
    expect(await count({ minYear: 2017.5, maxYear: 2018.5, maxPrice: 9500.9 })).toBe(2);
    expect(await count({ minYear: 2018.5 })).toBe(0);
    expect(await count({ maxPrice: 9499.5 })).toBe(0);
    expect(await count({ minYear: 5e-324, maxMillage: 1e-300 })).toBe(0);
  });
});

describe('fuzzing every request schema', () => {
  describe.each(Object.keys(matrix))('%s', (key) => {
    it(`answers ${RUNS_PER_OPERATION} drawn requests with the envelope, never a 5xx`, async () => {
      const op = operations.get(key);
      // An entry without an operation fails the matrix's own test.
      if (!op) return;
      const entry = matrix[key];
      const who: fc.Arbitrary<'visitor' | 'owner' | 'admin'> = entry?.seller
        ? fc.constant('admin')
        : entry?.anonymous === 401
          ? fc.constant('owner')
          : fc.constantFrom('visitor', 'owner');
      const property = fc.asyncProperty(
        who,
        fc.constantFrom(...HOSTILITY).chain((hostility) => requestOf(op, hostility)),
        async (caller, request) => {
          cases++;
          const url = fillPath(op.path, request.path) + (request.query ? `?${request.query}` : '');
          const body = request.body;
          const answer = await call(ctx, op.method, url, {
            token: caller === 'visitor' ? undefined : await tokenOf(caller),
            ...(body && 'raw' in body
              ? { raw: body.raw, headers: { 'content-type': body.contentType } }
              : { body: body?.json }),
          });
          const problem = problemWith(answer);
          if (problem)
            throw new Error(
              `${problem}: ${op.method} ${url.slice(0, 300)} as ${caller} with ` +
                `${JSON.stringify(body)?.slice(0, 500)} answered ${answer.status}: ` +
                answer.text.slice(0, 500),
            );
        },
      );
      const details = await fc.check(property, {
        seed: SEED,
        numRuns: RUNS_PER_OPERATION,
        interruptAfterTimeLimit: 20_000,
      });
      if (details.failed) {
        const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
        throw new Error(
          `${cause}\n(seed ${details.seed}, path "${details.counterexamplePath}", ` +
            `after ${details.numShrinks} shrinks)`,
        );
      }
    });
  });

  it('leaves Object.prototype as it was (no __proto__ key got through)', () => {
    const probe: Record<string, unknown> = {};
    expect([probe.polluted, probe.isAdmin, probe.roleId]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
