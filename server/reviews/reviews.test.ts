import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { dealerContacts } from '../db/schema/index.ts';

let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  // Not the default wait (3 days): the setting decides it.
  ctx = await createTestContext({ REVIEW_AFTER_DAYS: '2' });
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
let buyers = 0;
/** A buyer with a mail address of their own domain, writing from an address of their own. */
const newBuyer = () =>
  signUp(ctx, 'private', { email: `buyer${++buyers}.${Date.now()}@mail.example.com` });
const from = new Map<number, string>();
const as = (who: Session) => {
  if (!from.has(who.userId)) from.set(who.userId, newAddress());
  return ctx.client(who.accessToken, from.get(who.userId));
};
const param = (id: number) => ({ param: { id: String(id) } });

/** The buyer messaged the dealer about the car `daysAgo` days ago. */
async function contacted(buyer: Session, carId: number, daysAgo: number) {
  const res = await as(buyer).call((r) =>
    r.conversations.$post({ json: { carId, text: 'Is it still available?' } }),
  );
  expect(res.code, res.message).toBe(0);
  await ctx.db
    .update(dealerContacts)
    .set({ contactedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(and(eq(dealerContacts.buyerId, buyer.userId), eq(dealerContacts.listingId, carId)));
}

const review = (who: Session, carId: number, rating: number, text = 'Honest and quick') =>
  as(who).call((r) => r.review.add.$post({ json: { carId, rating, text } }));
const reviewsOf = (dealerId: number) =>
  ctx.client().call((r) => r.reviews.dealer[':id'].$get(param(dealerId)));

describe('verified dealer reviews', () => {
  it('lets a buyer who messaged the dealer REVIEW_AFTER_DAYS ago rate it once per car', async () => {
    const dealer = await signUp(ctx, 'company');
    const car = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    const buyer = await newBuyer();
    const eligible = () => as(buyer).call((r) => r.review.eligible[':id'].$get(param(car)));

    expect((await eligible()).data).toMatchObject({
      canReview: false,
      message: 'You can review a dealer about a car you messaged them about',
    });
    expect(await review(buyer, car, 5)).toMatchObject({ status: 403 });

    await contacted(buyer, car, 1);
    expect(await review(buyer, car, 5)).toMatchObject({
      status: 403,
      message: 'You can review the dealer 2 days after your first message',
    });
    await contacted(buyer, car, 2);
    expect((await eligible()).data.canReview).toBe(true);
    expect(await review(buyer, car, 6)).toMatchObject({
      status: 400,
      message: 'Rate the dealer from 1 to 5',
    });
    expect(await review(buyer, car, 4, 'Clean car, as described')).toMatchObject({
      code: 0,
      message: 'Thank you for your review',
    });
    expect(await review(buyer, car, 1)).toMatchObject({
      status: 409,
      message: 'You already reviewed the dealer about this car',
    });

    // A second buyer, and the car sold since: the review still counts.
    const second = await newBuyer();
    await contacted(second, car, 10);
    await as(dealer).call((r) => r.car.sold[':id'].$delete(param(car)));
    expect((await review(second, car, 5)).code).toBe(0);

    const res = await reviewsOf(dealer.userId);
    expect(res.data.summary).toEqual({ average: 4.5, count: 2 });
    expect(res.data.reviews[1]).toMatchObject({
      rating: 4,
      text: 'Clean car, as described',
      reviewer: 'Maria B.',
      carTitle: 'Toyota Yaris 1.3 automatic, one owner',
      answer: null,
    });
    const facts = await ctx.client().call((r) => r.user.facts[':id'].$get(param(dealer.userId)));
    expect(facts.data.rating).toEqual({ average: 4.5, count: 2 });
  });

  it("refuses reviews from the dealer's own accounts and addresses", async () => {
    const dealer = await signUp(ctx, 'company');
    const car = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    // A colleague with the dealer's own mail domain.
    const colleague = await signUp(ctx, 'private');
    await contacted(colleague, car, 5);
    expect(await review(colleague, car, 5)).toMatchObject({
      status: 403,
      message: "A dealer's own accounts cannot review it",
    });
    // An account of another domain, but on a network the dealer logged in from.
    const sock = await newBuyer();
    await contacted(sock, car, 5);
    const dealerAddress = newAddress();
    await ctx
      .client(undefined, dealerAddress)
      .call((r) => r.user.login.$post({ json: { email: dealer.email, password: 'Secret123' } }));
    const res = await ctx
      .client(sock.accessToken, dealerAddress)
      .call((r) => r.review.add.$post({ json: { carId: car, rating: 5, text: 'Best dealer' } }));
    expect(res).toMatchObject({ status: 403, message: "A dealer's own accounts cannot review it" });
  });

  it('lets the dealer answer once, and hides a review three accounts report', async () => {
    const dealer = await signUp(ctx, 'company');
    const other = await signUp(ctx, 'company');
    const car = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    const buyer = await newBuyer();
    await contacted(buyer, car, 4);
    const { data } = await review(buyer, car, 2, 'Never called back');
    const answer = (who: Session, text: string) =>
      as(who).call((r) => r.review.answer[':id'].$put({ ...param(data.id), json: { text } }));

    expect(await answer(other, 'Not ours')).toMatchObject({
      status: 403,
      message: 'Only the reviewed dealer can answer',
    });
    expect(await answer(dealer, 'We called twice; sorry we missed you')).toMatchObject({
      code: 0,
      message: 'Answer saved',
    });
    expect(await answer(dealer, 'Again')).toMatchObject({ status: 409 });
    expect((await reviewsOf(dealer.userId)).data.reviews[0]?.answer).toBe(
      'We called twice; sorry we missed you',
    );

    const report = (who: Session) =>
      as(who).call((r) =>
        r.review.report[':id'].$post({ ...param(data.id), json: { reason: 'Not true' } }),
      );
    const reporters = [await newBuyer(), await newBuyer(), await newBuyer()];
    expect((await report(reporters[0] as Session)).message).toBe('Review reported');
    expect(await report(reporters[0] as Session)).toMatchObject({ status: 409 });
    await report(reporters[1] as Session);
    expect((await reviewsOf(dealer.userId)).data.summary.count).toBe(1);
    await report(reporters[2] as Session);
    expect((await reviewsOf(dealer.userId)).data).toMatchObject({
      summary: { average: null, count: 0 },
      reviews: [],
    });
    const reported = () =>
      ctx
        .client(admin.accessToken)
        .call((r) => r.reviews.reported.$get({ query: { q: 'Never called back' } }));
    const listed = await reported();
    expect(listed.data.totalCount).toBe(1);
    expect(listed.data.items[0]).toMatchObject({
      id: data.id,
      dealerId: dealer.userId,
      rating: 2,
      text: 'Never called back',
      answer: 'We called twice; sorry we missed you',
      reports: 3,
      reasons: ['Not true', 'Not true', 'Not true'],
      hiddenAt: expect.any(String),
    });

    expect(
      (await as(dealer).call((r) => r.review.restore[':id'].$put(param(data.id)))).status,
    ).toBe(403);
    await ctx.client(admin.accessToken).call((r) => r.review.restore[':id'].$put(param(data.id)));
    expect((await reviewsOf(dealer.userId)).data.summary.count).toBe(1);
    expect((await reported()).data).toEqual({ items: [], totalCount: 0 });
    const removed = await ctx
      .client(admin.accessToken)
      .call((r) => r.review[':id'].$delete(param(data.id)));
    expect(removed.message).toBe('Review removed');
    expect((await reviewsOf(dealer.userId)).data.reviews).toEqual([]);
  });
});
