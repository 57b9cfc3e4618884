import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, listingPayload, submitListing } from '../../tests/support/listings.ts';
import { grant, walletOf } from '../../tests/support/money.ts';
import { auditLog, listings, mailQueue, notifications, users } from '../db/schema/index.ts';
import { record } from '../ledger/ledger.ts';

let ctx: TestContext;
/** The administrator who takes the decisions, and the one who decides the appeals. */
let decider: Session;
let reviewer: Session;
let seller: Session;

beforeAll(async () => {
  ctx = await createTestContext({ REPORTS_TO_HIDE: '1' });
  decider = await signUpAdmin(ctx);
  reviewer = await signUpAdmin(ctx);
  seller = await signUp(ctx);
});
afterAll(() => ctx.close());

const as = (s: Session) => ctx.client(s.accessToken);
const MESSAGE = 'The photos are of my own car, taken last week at my house.';

const lastNotice = async (userId: number) => {
  const [row] = await ctx.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
};
const lastMail = async (to: string) => {
  const [row] = await ctx.db
    .select({ subject: mailQueue.subject, text: mailQueue.text })
    .from(mailQueue)
    .where(eq(mailQueue.to, to))
    .orderBy(desc(mailQueue.id))
    .limit(1);
  return row;
};
const standing = (s: Session, id: number) =>
  as(s).call((r) => r.appeals.listing[':id'].$get({ param: { id: String(id) } }));
const appeal = (s: Session, listingId: number, message = MESSAGE) =>
  as(s).call((r) => r.appeals.$post({ json: { listingId, message } }));
const decide = (s: Session, id: number, outcome: 'upheld' | 'reversed', reason: string) =>
  as(s).call((r) =>
    r.moderation.appeals[':id'].decision.$post({
      param: { id: String(id) },
      json: { outcome, reason },
    }),
  );
const deny = async (id: number, message: string) => {
  const res = await as(decider).call((r) => r.cars.request.deny.$post({ json: { id, message } }));
  expect(res.code).toBe(0);
};
const stateOf = async (id: number) => {
  const [row] = await ctx.db
    .select({ state: listings.state, type: listings.listingTypeId, title: listings.title })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
};

describe('appeals', () => {
  it('let a denied seller appeal from the notice; another administrator reverses and the seller is told', async () => {
    const id = await submitListing(ctx, seller.accessToken, { title: 'Yaris appealed' });
    await deny(id, 'The photos show another car.');
    const notice = await lastNotice(seller.userId);
    expect(notice?.message).toContain(
      `<p>How to appeal: within 6 months, choose <a href="/appeal/${id}">Appeal this decision</a>; a moderator who did not take this decision reviews it and tells you the outcome.</p>`,
    );
    expect((await lastMail(seller.email))?.text).toContain(
      `How to appeal: within 6 months, choose Appeal this decision at ${ctx.deps.config.PUBLIC_URL}/appeal/${id};`,
    );

    const before = await standing(seller, id);
    expect(before.data).toMatchObject({
      listingId: id,
      title: 'Yaris appealed',
      decision: 'denied',
      ground: 'terms',
      reason: 'The photos show another car.',
      appeal: null,
    });
    const other = await signUp(ctx);
    expect((await standing(other, id)).status).toBe(404);
    expect((await appeal(other, id)).status).toBe(404);
    const short = await appeal(seller, id, 'It is mine.');
    expect(short).toMatchObject({
      status: 400,
      message: 'Tell us why the decision is wrong in at least 20 characters',
    });

    const sent = await appeal(seller, id);
    expect(sent).toMatchObject({ code: 0, message: 'Your appeal was sent' });
    expect(await lastNotice(seller.userId)).toMatchObject({ title: 'We received your appeal' });
    expect(await appeal(seller, id)).toMatchObject({
      status: 409,
      message: 'You have already appealed this decision',
    });

    const queue = await as(reviewer).call((r) =>
      r.moderation.appeals.$get({ query: { state: 'open' } }),
    );
    const row = queue.data.items.find((a) => a.id === sent.data.id);
    expect(row).toMatchObject({
      listingId: id,
      appellantEmail: seller.email,
      decision: 'denied',
      decidedBy: decider.userId,
      decidedByEmail: decider.email,
      outcome: null,
    });
    const detail = await as(reviewer).call((r) =>
      r.moderation.appeals[':id'].$get({ param: { id: String(sent.data.id) } }),
    );
    expect(detail.data).toMatchObject({ message: MESSAGE, reason: 'The photos show another car.' });
    expect(detail.data.log.map((e) => e.action)).toContain('deny');
    expect(detail.data.versions).toEqual([
      expect.objectContaining({ id, kind: 'listing', state: 'DENIED', title: 'Yaris appealed' }),
    ]);
    expect(detail.data.versions[0]?.photos.length).toBeGreaterThan(0);

    // The administrator who denied it cannot decide the appeal.
    expect(
      await decide(decider, sent.data.id, 'reversed', 'I was wrong about the photos.'),
    ).toMatchObject({
      status: 403,
      code: 403,
      message: 'You took the decision under appeal: another administrator must decide it',
      data: null,
    });
    expect(await stateOf(id)).toMatchObject({ state: 'DENIED' });

    const reversed = await decide(reviewer, sent.data.id, 'reversed', 'The photos match the car.');
    expect(reversed).toMatchObject({ code: 0, message: 'Decision reversed' });
    expect(await stateOf(id)).toMatchObject({ state: 'ACTIVE' });
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).code,
    ).toBe(0);
    const outcome = await lastNotice(seller.userId);
    expect(outcome).toEqual({
      title: 'The outcome of your appeal',
      message:
        '<p>We reviewed your appeal of our decision on &quot;Yaris appealed&quot; and reversed the decision. Reason: The photos match the car.</p>',
    });
    expect(await lastMail(seller.email)).toEqual({
      subject: 'The outcome of your appeal',
      text: 'We reviewed your appeal of our decision on "Yaris appealed" and reversed the decision. Reason: The photos match the car.\n\nSpotted',
    });
    expect(await decide(reviewer, sent.data.id, 'upheld', 'Changed my mind again.')).toMatchObject({
      status: 409,
      message: 'This appeal was already decided',
    });
    const [logged] = await ctx.db
      .select({ adminId: auditLog.adminId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reverse-appeal'), eq(auditLog.entityId, id)));
    expect(logged).toMatchObject({ adminId: reviewer.userId, details: { appealId: sent.data.id } });

    const month = (await ctx.client().call((r) => r.moderation.transparency.$get())).data.months[0];
    expect(month).toMatchObject({ appeals: 1, appealsDecided: 1, appealsReversed: 1 });
    expect(month?.appealMedianHours).toEqual(expect.any(Number));
    // The page of the appeal then shows its outcome.
    expect((await standing(seller, id)).data.appeal).toMatchObject({
      outcome: 'reversed',
      outcomeReason: 'The photos match the car.',
    });
  });

  it('charge a reversed paid listing again when the balance covers it', async () => {
    const payer = await signUp(ctx);
    await grant(ctx, payer.userId, 50);
    const { balance } = await walletOf(ctx, payer.userId);
    const id = await submitListing(ctx, payer.accessToken, { adTypeId: 2 });
    await deny(id, 'The price is not the car’s.');
    expect((await walletOf(ctx, payer.userId)).balance).toBe(balance);
    const sent = await appeal(payer, id);
    expect((await decide(reviewer, sent.data.id, 'reversed', 'The price is right.')).code).toBe(0);
    expect(await stateOf(id)).toMatchObject({ state: 'ACTIVE', type: 2 });
    expect(await walletOf(ctx, payer.userId)).toEqual({
      balance: balance! - 50,
      ledger: balance! - 50,
    });

    // Without the credits any more, the listing goes live as Standard.
    const short = await signUp(ctx);
    await grant(ctx, short.userId, 50);
    const left = (await walletOf(ctx, short.userId)).balance!;
    const other = await submitListing(ctx, short.accessToken, { adTypeId: 2 });
    await deny(other, 'The price is not the car’s.');
    // The credits given back at the denial are spent on something else meanwhile.
    await ctx.db.transaction((tx) =>
      record(
        tx,
        { userId: short.userId, typeId: 2, state: 'Done', credits: left },
        'charge',
        -left,
      ),
    );
    const second = await appeal(short, other);
    expect((await decide(reviewer, second.data.id, 'reversed', 'The price is right.')).code).toBe(
      0,
    );
    expect(await stateOf(other)).toMatchObject({ state: 'ACTIVE', type: 3 });
  });

  it('uphold a suspension: the listing stays suspended and the seller reads why', async () => {
    const id = await liveListing(ctx, seller.accessToken, decider.accessToken);
    const suspended = await as(decider).call((r) =>
      r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: { message: 'Stolen car' } }),
    );
    expect(suspended.code).toBe(0);
    expect((await standing(seller, id)).data).toMatchObject({
      decision: 'suspended',
      reason: 'Stolen car',
    });
    const sent = await appeal(seller, id);
    const upheld = await decide(
      reviewer,
      sent.data.id,
      'upheld',
      'The police confirmed the theft.',
    );
    expect(upheld).toMatchObject({ code: 0, message: 'Decision upheld' });
    expect(await stateOf(id)).toMatchObject({ state: 'SUSPENDED' });
    expect((await lastNotice(seller.userId))?.message).toContain(
      'and upheld the decision. Reason: The police confirmed the theft.',
    );
    expect((await standing(seller, id)).data.appeal).toMatchObject({
      outcome: 'upheld',
      outcomeReason: 'The police confirmed the theft.',
    });
  });

  it('reverse an edit denial: the edit replaces the live listing', async () => {
    const id = await liveListing(ctx, seller.accessToken, decider.accessToken);
    const edit = await as(seller).call(async (r) =>
      r.cars.edit.$post({
        json: { ...(await listingPayload(ctx, { title: 'Yaris, new tyres' })), originalId: id },
      }),
    );
    const denied = await as(decider).call((r) =>
      r.cars.edit.deny.$post({ json: { id: edit.data.id, message: 'Price looks wrong' } }),
    );
    expect(denied.code).toBe(0);
    const sent = await appeal(seller, id);
    const detail = await as(reviewer).call((r) =>
      r.moderation.appeals[':id'].$get({ param: { id: String(sent.data.id) } }),
    );
    expect(detail.data.decision).toBe('edit-denied');
    expect(detail.data.versions.map((v) => [v.kind, v.state, v.title])).toEqual([
      ['listing', 'ACTIVE', expect.any(String)],
      ['edit', 'DENIED', 'Yaris, new tyres'],
    ]);
    expect((await decide(reviewer, sent.data.id, 'reversed', 'The price is fine.')).code).toBe(0);
    expect(await stateOf(id)).toMatchObject({ state: 'ACTIVE', title: 'Yaris, new tyres' });
    expect(await stateOf(edit.data.id)).toBeUndefined();
  });

  it('let any administrator decide on a listing that reports hid', async () => {
    const id = await liveListing(ctx, seller.accessToken, decider.accessToken);
    const reporter = await signUp(ctx);
    // Reports of accounts younger than a day never hide a listing.
    await ctx.db
      .update(users)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(users.id, reporter.userId));
    await ctx.client(reporter.accessToken, newAddress()).call((r) =>
      r.cars.report[':id'].$post({
        param: { id: String(id) },
        json: { message: 'Fraud - the seller asked me for money upfront' },
      }),
    );
    expect((await standing(seller, id)).data).toMatchObject({ decision: 'hidden' });
    const sent = await appeal(seller, id);
    expect((await decide(decider, sent.data.id, 'reversed', 'The report was wrong.')).code).toBe(0);
    const [row] = await ctx.db
      .select({ hiddenAt: listings.hiddenAt })
      .from(listings)
      .where(eq(listings.id, id));
    expect(row?.hiddenAt).toBeNull();
  });

  it('refuse an appeal after 6 months, and of a listing with no decision', async () => {
    const live = await liveListing(ctx, seller.accessToken, decider.accessToken);
    expect(await appeal(seller, live)).toMatchObject({
      status: 404,
      message: 'There is no decision on this listing to appeal',
    });
    const id = await submitListing(ctx, seller.accessToken);
    await deny(id, 'The photos show another car.');
    await ctx.db
      .update(auditLog)
      .set({ createdAt: sql`now() - interval '7 months'` })
      .where(and(eq(auditLog.action, 'deny'), eq(auditLog.entityId, id)));
    expect(await appeal(seller, id)).toMatchObject({
      status: 409,
      message: 'The time to appeal this decision has passed',
    });
  });
});
