import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';

let ctx: TestContext;
let admin: Session;
let owner: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  owner = await signUp(ctx);
});
afterAll(() => ctx.close());

const asAdmin = () => ctx.client(admin.accessToken);
const report = (id: number, message: string, ground: 'illegal' | 'terms') =>
  ctx
    .client(undefined, newAddress())
    .call((r) =>
      r.cars.report[':id'].$post({ param: { id: String(id) }, json: { message, ground } }),
    );

describe('GET moderation/transparency', () => {
  it('shows anyone this month’s reports by ground, decisions, automation and reversals', async () => {
    const empty = await ctx.client().call((r) => r.moderation.transparency.$get());
    expect(empty.code).toBe(0);
    expect(empty.data.months).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(empty.data.months[0]).toEqual({
      month: thisMonth,
      reports: { illegal: 0, terms: 0 },
      decisions: 0,
      automated: 0,
      reversals: 0,
      medianHours: null,
      appeals: 0,
      appealsDecided: 0,
      appealsReversed: 0,
      appealMedianHours: null,
    });

    const reported = await liveListing(ctx, owner.accessToken, admin.accessToken);
    await report(reported, 'Illegal - the car is stolen', 'illegal');
    await report(reported, 'Scam - the price is fake', 'terms');
    await report(reported, 'Wrong - the mileage is wrong', 'terms');
    await asAdmin().call((r) =>
      r.cars.suspend[':id'].$post({ param: { id: String(reported) }, json: {} }),
    );
    await asAdmin().call((r) => r.cars.activate[':id'].$post({ param: { id: String(reported) } }));
    const denied = await submitListing(ctx, owner.accessToken);
    await asAdmin().call((r) =>
      r.cars.request.deny.$post({ json: { id: denied, message: 'The photos show another car.' } }),
    );

    const res = await ctx.client().call((r) => r.moderation.transparency.$get());
    expect(res.data.months[0]).toEqual({
      month: thisMonth,
      reports: { illegal: 1, terms: 2 },
      // The suspension, its reversal and the denial; the approvals are not moderation decisions.
      decisions: 3,
      // The suspension came of reports; the denial and the activation did not.
      automated: 1,
      reversals: 1,
      medianHours: expect.any(Number),
      appeals: 0,
      appealsDecided: 0,
      appealsReversed: 0,
      appealMedianHours: null,
    });
  });
});
