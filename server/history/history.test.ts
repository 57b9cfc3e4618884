import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { listingPayload, liveListing, submitListing } from '../../tests/support/listings.ts';
import { conversationMessages, users } from '../db/schema/index.ts';
import { listingHistory, refreshAnswerTimes } from './history.service.ts';

let ctx: TestContext;
let admin: Session;
const seen: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  ctx.deps.changes.subscribe((tag) => seen.push(tag));
});
afterAll(() => ctx.close());

const param = (id: number) => ({ param: { id: String(id) } });
const as = (who?: Session) => ctx.client(who?.accessToken);
const timeline = (id: number) => as().call((r) => r.car.history[':id'].$get(param(id)));
const facts = (id: number) => as().call((r) => r.user.facts[':id'].$get(param(id)));
const approve = (id: number) =>
  as(admin).call((r) => r.cars.requests.approve[':id'].$post(param(id)));
const note = (who: Session, id: number, text: string) =>
  as(who).call((r) => r.car.mileage.note[':id'].$put({ ...param(id), json: { note: text } }));

/** A chassis number of its own for each test, so their timelines stay apart. */
let serial = 100_000;
const newChassis = () => `WVWZZZ1JZ3W${++serial}`;

describe('the mileage timeline', () => {
  it("lists every listing of the car, any seller's, and warns of a lower reading", async () => {
    const chassis = newChassis();
    const first = await signUp(ctx);
    const second = await signUp(ctx);
    const earlier = await liveListing(ctx, first.accessToken, admin.accessToken, {
      chassisNumber: chassis,
      millage: 120_000,
      price: 9_000,
    });
    const sold = await as(first).call((r) => r.car.sold[':id'].$delete(param(earlier)));
    expect(sold).toMatchObject({ code: 0, message: 'Car removed' });

    // The same chassis number as another seller types it: lower case, with spaces.
    const typed = `${chassis.slice(0, 6).toLowerCase()} ${chassis.slice(6)}`;
    const later = await submitListing(ctx, second.accessToken, {
      chassisNumber: typed,
      millage: 80_000,
      price: 11_000,
    });
    const review = await as(admin).call((r) => r.cars.review[':id'].$get(param(later)));
    expect(review.data.flags?.rollback).toMatchObject({ mileage: 80_000, highest: 120_000 });
    expect(review.data.mileage?.entries.map((e) => e.mileage)).toEqual([120_000]);

    await approve(later);

    const res = await timeline(later);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      chassis: `${'•'.repeat(chassis.length - 6)}${chassis.slice(-6)}`,
      unit: 'mi',
      rollback: true,
    });
    expect(res.data?.entries).toMatchObject([
      {
        listingId: earlier,
        current: false,
        bySeller: false,
        source: 'LISTING',
        mileage: 120_000,
        price: 9_000,
        outcome: 'SOLD',
        rollbackFrom: null,
      },
      {
        listingId: later,
        current: true,
        bySeller: true,
        source: 'LISTING',
        mileage: 80_000,
        price: 11_000,
        outcome: 'LIVE',
        rollbackFrom: 120_000,
        note: null,
      },
    ]);
    expect(JSON.stringify(res.data)).not.toContain(chassis);
  });

  it("adds each mileage an approved edit enters, and a withdrawn listing's outcome", async () => {
    const chassis = newChassis();
    const seller = await signUp(ctx);
    const first = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      chassisNumber: chassis,
      millage: 50_000,
    });
    const edit = await as(seller).call(async (r) =>
      r.cars.edit.$post({
        json: {
          ...(await listingPayload(ctx, { chassisNumber: chassis, millage: 52_500 })),
          originalId: first,
        },
      }),
    );
    // Not on the timeline until an admin approves it.
    expect((await timeline(first)).data?.entries).toHaveLength(1);
    await as(admin).call((r) => r.cars.edit.approve[':id'].$post(param(edit.data.id)));
    await as(seller).call((r) => r.car.remove[':id'].$delete(param(first)));

    const again = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      chassisNumber: chassis,
      millage: 60_000,
    });
    const res = await timeline(again);
    expect(res.data?.rollback).toBe(false);
    expect(
      res.data?.entries.map((e) => [e.listingId, e.source, e.mileage, e.outcome, e.current]),
    ).toEqual([
      [first, 'LISTING', 50_000, 'WITHDRAWN', false],
      [first, 'EDIT', 52_500, 'WITHDRAWN', false],
      [again, 'LISTING', 60_000, 'LIVE', true],
    ]);
  });

  it('announces every live listing of the car when its timeline changes', async () => {
    const chassis = newChassis();
    const first = await signUp(ctx);
    const second = await signUp(ctx);
    const one = await liveListing(ctx, first.accessToken, admin.accessToken, {
      chassisNumber: chassis,
    });
    seen.length = 0;
    const two = await liveListing(ctx, second.accessToken, admin.accessToken, {
      chassisNumber: chassis,
    });
    // The first listing's page shows the second listing's reading: it leaves the page cache.
    await vi.waitFor(() => expect(seen).toContain(`listing:${one}`));
    const reading = (await timeline(two)).data?.entries.find((e) => e.current)?.id ?? 0;
    seen.length = 0;
    await note(second, reading, 'Dealer service record attached');
    await vi.waitFor(() =>
      expect(seen).toEqual(expect.arrayContaining([`listing:${one}`, `listing:${two}`])),
    );
  });

  it('shows no timeline without a chassis number, and 404 for no live listing', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      chassisNumber: 'n/a',
    });
    expect(await timeline(id)).toMatchObject({ code: 0, data: null });
    const pending = await submitListing(ctx, seller.accessToken, { chassisNumber: newChassis() });
    expect(await timeline(pending)).toMatchObject({ status: 404, message: 'Listing not found' });
  });

  it("lets the reading's seller explain it, and no one else", async () => {
    const chassis = newChassis();
    const seller = await signUp(ctx);
    const stranger = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      chassisNumber: chassis,
      millage: 30_000,
    });
    const reading = (await timeline(id)).data?.entries[0]?.id ?? 0;

    expect(await note(stranger, reading, 'Mine now')).toMatchObject({
      status: 403,
      message: 'This mileage was not entered by you',
    });
    expect(await note(seller, 999_999, 'x')).toMatchObject({
      status: 404,
      message: 'Mileage reading not found',
    });
    expect(await note(seller, reading, 'x'.repeat(301))).toMatchObject({
      status: 400,
      message: 'The explanation can have at most 300 characters',
    });
    const visitor = await ctx.request('PUT', `/api/car/mileage/note/${reading}`, {
      body: { note: 'x' },
    });
    expect(visitor.status).toBe(401);

    const saved = await note(seller, reading, '  Instrument cluster replaced at 28,000 mi  ');
    expect(saved).toMatchObject({ code: 0, message: 'Explanation saved' });
    expect((await timeline(id)).data?.entries[0]?.note).toBe(
      'Instrument cluster replaced at 28,000 mi',
    );
    await note(seller, reading, '');
    expect((await timeline(id)).data?.entries[0]?.note).toBeNull();
  });
});

describe('seller facts', () => {
  it('tells when a seller joined and how many cars they sold through Spotted', async () => {
    const seller = await signUp(ctx);
    const kept = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const sold = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const withdrawn = await liveListing(ctx, seller.accessToken, admin.accessToken);
    expect((await facts(seller.userId)).data.soldCount).toBe(0);

    seen.length = 0;
    await as(seller).call((r) => r.car.sold[':id'].$delete(param(sold)));
    await vi.waitFor(() => expect(seen).toContain(`seller:${seller.userId}`));
    await as(seller).call((r) => r.car.remove[':id'].$delete(param(withdrawn)));

    const res = await facts(seller.userId);
    const [joined] = await ctx.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, seller.userId));
    expect(res.data).toEqual({
      memberSince: joined?.createdAt.toISOString(),
      soldCount: 1,
      answerMinutes: null,
      verified: false,
      rating: null,
    });
    expect(kept).toBeGreaterThan(0);
    // Only its owner marks a car sold.
    const other = await signUp(ctx);
    expect((await as(other).call((r) => r.car.sold[':id'].$delete(param(kept)))).status).toBe(403);
    expect((await facts(999_999)).status).toBe(404);
  });

  it("reads a listing page's timeline with its seller's facts, as the API answers each", async () => {
    const chassis = newChassis();
    const seller = await signUp(ctx);
    const earlier = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      chassisNumber: chassis,
      millage: 50_000,
    });
    await as(seller).call((r) => r.car.sold[':id'].$delete(param(earlier)));
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      chassisNumber: chassis,
      millage: 60_000,
    });

    const page = await listingHistory(ctx.db, id);
    expect(
      page.timeline?.entries.map((e) => [e.mileage, e.outcome, e.current, e.bySeller]),
    ).toEqual([
      [50_000, 'SOLD', false, true],
      [60_000, 'LIVE', true, true],
    ]);
    expect(page.timeline).toEqual((await timeline(id)).data);
    expect(page.facts).toMatchObject({ soldCount: 1, rating: null, verified: false });
    expect(page.facts).toEqual((await facts(seller.userId)).data);
  });

  it("gives the median minutes a seller took to answer a buyer's first message", async () => {
    const seller = await signUp(ctx);
    const car = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const ask = async (minutes: number | null) => {
      const buyer = await signUp(ctx);
      const opened = await as(buyer).call((r) =>
        r.conversations.$post({ json: { carId: car, text: 'Is it still available?' } }),
      );
      const conversation = opened.data.conversationId as number;
      if (minutes === null) return;
      await as(seller).call((r) =>
        r.conversations[':id'].messages.$post({
          param: { id: String(conversation) },
          json: { text: 'Yes, it is' },
        }),
      );
      // The answer came `minutes` after the question.
      const [question] = await ctx.db
        .select({ at: conversationMessages.createdAt })
        .from(conversationMessages)
        .where(eq(conversationMessages.senderId, buyer.userId));
      await ctx.db
        .update(conversationMessages)
        .set({ createdAt: new Date((question?.at.getTime() ?? 0) + minutes * 60_000) })
        .where(
          and(
            eq(conversationMessages.senderId, seller.userId),
            eq(conversationMessages.conversationId, conversation),
          ),
        );
    };
    await ask(10);
    await ask(30);
    await ask(240);
    await ask(null);

    await refreshAnswerTimes(ctx.db);
    expect((await facts(seller.userId)).data.answerMinutes).toBe(30);
  });

  it("shows a company's verified badge once an admin checked its registration", async () => {
    const company = await signUp(ctx, 'company');
    const person = await signUp(ctx);
    const verify = (who: Session, id: number, verified: boolean) =>
      as(who).call((r) => r.user.verify[':id'].$put({ ...param(id), json: { verified } }));

    expect((await verify(company, company.userId, true)).status).toBe(403);
    expect(await verify(admin, person.userId, true)).toMatchObject({
      status: 400,
      message: 'Only a company has a registration to verify',
    });
    expect(await verify(admin, company.userId, true)).toMatchObject({
      code: 0,
      message: 'Registration verified',
    });
    expect((await facts(company.userId)).data.verified).toBe(true);

    // A changed VAT number is not the one checked.
    await ctx.db.update(users).set({ vatNumber: 'MT99999999' }).where(eq(users.id, company.userId));
    expect((await facts(company.userId)).data.verified).toBe(false);
  });
});
