import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { rateLimits } from '../db/schema/index.ts';
import { bucket, dropExpiredCounters, throttle } from './rate-limit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('throttle', () => {
  it('refuses past the limit without counting the refused attempt, and undoes on request', async () => {
    const b = { ...bucket('contactPerAddress', '192.0.2.1'), max: 2 };
    await throttle(ctx.db, [b]);
    const second = await throttle(ctx.db, [b]);
    await expect(throttle(ctx.db, [b])).rejects.toMatchObject({ status: 429 });
    await second.undo();
    await throttle(ctx.db, [b]);
    await expect(throttle(ctx.db, [b], 'Slow down')).rejects.toMatchObject({
      status: 429,
      message: 'Slow down',
    });
  });

  it('lets exactly `max` through when attempts arrive at once', async () => {
    const b = { ...bucket('contactPerAddress', '192.0.2.2'), max: 5 };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => throttle(ctx.db, [b])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });
});

describe('dropExpiredCounters', () => {
  it('deletes the counters whose window has passed and keeps the others', async () => {
    await throttle(ctx.db, [bucket('contactPerAddress', '192.0.2.3')]);
    await ctx.db.insert(rateLimits).values({
      key: 'contactPerAddress:192.0.2.4',
      windowStart: sql`now() - interval '2 hours'`,
      count: 3,
    });
    expect(await dropExpiredCounters(ctx.db)).toBe(1);
    const keys = (await ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('contactPerAddress:192.0.2.3');
    expect(keys).not.toContain('contactPerAddress:192.0.2.4');
  });
});
