import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';
import { walletOf } from '../../tests/support/money.ts';
import { transactions } from '../db/schema/index.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { paymentProvider } from './providers/index.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

async function buy(session: Session) {
  const packs = await ctx.client(session.accessToken).call((r) => r.payment.packages.$get());
  const pack = packs.data[0]!;
  const res = await ctx
    .client(session.accessToken)
    .call((r) => r.payment.create.$post({ json: { userId: session.userId, paymentId: pack.id } }));
  expect(res.code).toBe(0);
  return { pack, ...res.data };
}

const pay = (sessionId: string, action: 'pay' | 'cancel' = 'pay') =>
  ctx.app.request(`/api/payment/sandbox/${sessionId}/${action}`, { method: 'POST' });

describe('packages', () => {
  it("offers each account its own kind's packages", async () => {
    const person = await signUp(ctx);
    const company = await signUp(ctx, 'company');
    const mine = await ctx.client(person.accessToken).call((r) => r.payment.packages.$get());
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((p) => p.typeId === 2 && p.typeName === 'Individual')).toBe(true);
    const theirs = await ctx.client(company.accessToken).call((r) => r.payment.packages.$get());
    expect(theirs.data.every((p) => p.typeId === 1)).toBe(true);
    expect(theirs.data[0]).toMatchObject({ currencySymbol: '€', currency: 'EUR' });
    expect((await ctx.client().call((r) => r.payment.packages.$get())).status).toBe(401);
  });

  it('lets admins create, change and remove packages; a removed one stays in past transactions', async () => {
    const created = await ctx.client(admin.accessToken).call((r) =>
      r.payment.packages.add.$post({
        json: {
          name: 'Weekend',
          description: 'Two featured weeks',
          amount: 12.5,
          credits: 130,
          typeId: 2,
        },
      }),
    );
    expect(created).toMatchObject({ code: 0, message: 'Payment package created' });
    expect(created.data).toMatchObject({
      amount: 12.5,
      longAmount: 1250,
      credits: 130,
      typeName: 'Individual',
    });
    const individual = await ctx
      .client(admin.accessToken)
      .call((r) => r.payment.packages.individual.$get({ query: {} }));
    expect(wholeList(individual.data).map((p) => p.id)).toContain(created.data.id);

    const person = await signUp(ctx);
    const res = await ctx
      .client(person.accessToken)
      .call((r) =>
        r.payment.create.$post({ json: { userId: person.userId, paymentId: created.data.id } }),
      );
    await pay(res.data.sessionId);

    const updated = await ctx.client(admin.accessToken).call((r) =>
      r.payment.packages.update.$post({
        json: { id: created.data.id, name: 'Weekend+', amount: 15, credits: 150, typeId: 2 },
      }),
    );
    expect(updated).toMatchObject({
      message: 'Payment package updated',
      data: { name: 'Weekend+', longAmount: 1500 },
    });
    const removed = await ctx
      .client(admin.accessToken)
      .call((r) =>
        r.payment.packages.remove[':id'].$delete({ param: { id: String(created.data.id) } }),
      );
    expect(removed.message).toBe('Successfully removed package');
    const after = await ctx
      .client(admin.accessToken)
      .call((r) => r.payment.packages.individual.$get({ query: {} }));
    expect(wholeList(after.data).map((p) => p.id)).not.toContain(created.data.id);
    const history = await ctx.client(person.accessToken).call((r) =>
      r.payment.transactions[':userId'].$post({
        param: { userId: String(person.userId) },
        json: { pageNumber: 1, pageSize: 500 },
      }),
    );
    expect(history.data.transactions[0]).toMatchObject({
      typeId: 1,
      packageName: 'Weekend',
      amount: 12.5,
      credits: 130,
      state: 'Paid',
    });
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) =>
            r.payment.packages.remove[':id'].$delete({ param: { id: String(created.data.id) } }),
          )
      ).status,
    ).toBe(404);
  });

  it('checks package input and who may change packages', async () => {
    const bad = await ctx
      .client(admin.accessToken)
      .call((r) =>
        r.payment.packages.add.$post({ json: { name: '', amount: 1, credits: 1, typeId: 2 } }),
      );
    expect(bad).toMatchObject({ status: 400, message: 'Please enter name' });
    const type = await ctx
      .client(admin.accessToken)
      .call((r) =>
        r.payment.packages.add.$post({ json: { name: 'X', amount: 1, credits: 1, typeId: 5 } }),
      );
    expect(type.message).toBe('Package type must be 1 (Company) or 2 (Individual)');
    const user = await signUp(ctx);
    expect(
      (
        await ctx
          .client(user.accessToken)
          .call((r) => r.payment.packages.company.$get({ query: {} }))
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(user.accessToken)
          .call((r) =>
            r.payment.packages.add.$post({ json: { name: 'X', amount: 1, credits: 1, typeId: 2 } }),
          )
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(user.accessToken)
          .call((r) => r.payment.packages.remove[':id'].$delete({ param: { id: '1' } }))
      ).status,
    ).toBe(403);
  });
});

describe('buying credits through the sandbox provider', () => {
  it('records a Created top-up and sends the payer to the checkout page', async () => {
    const person = await signUp(ctx);
    const { redirectUrl, sessionId, transactionId } = await buy(person);
    expect(redirectUrl).toBe(`http://localhost:4321/api/payment/sandbox/${sessionId}`);
    const page = await ctx.app.request(`/api/payment/sandbox/${sessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Cancel</button>');
    const [row] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    expect(row).toMatchObject({ typeId: 1, state: 'Created', provider: 'sandbox' });
    const pending = await ctx
      .client(person.accessToken)
      .call((r) =>
        r.payment.transaction.check[':id'].$post({ param: { id: String(transactionId) } }),
      );
    expect(pending).toMatchObject({ status: 409, message: 'The payment is not completed yet' });
  });

  it('credits a paid top-up exactly once, whatever arrives and however often', async () => {
    const person = await signUp(ctx);
    const { pack, sessionId, transactionId } = await buy(person);
    const back = await pay(sessionId);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `http://localhost:4321/payment/success?sessionId=${sessionId}`,
    );
    for (let i = 0; i < 3; i++) {
      const check = await ctx
        .client(person.accessToken)
        .call((r) => r.payment.transaction.check.$post({ json: { sessionId } }));
      expect(check).toMatchObject({
        code: 0,
        message: 'Successfully processed transaction!',
        data: { state: 'Paid' },
      });
    }
    await pay(sessionId);
    expect(
      (
        await ctx
          .client(person.accessToken)
          .call((r) =>
            r.payment.transaction.check[':id'].$post({ param: { id: String(transactionId) } }),
          )
      ).code,
    ).toBe(0);
    expect(await walletOf(ctx, person.userId)).toEqual({
      balance: 50 + pack.credits,
      ledger: 50 + pack.credits,
    });
    const one = await ctx
      .client(person.accessToken)
      .call((r) => r.payment.transaction[':id'].$get({ param: { id: String(transactionId) } }));
    expect(one.data).toMatchObject({
      typeName: 'Top Up Credit',
      state: 'Paid',
      balanceChange: pack.credits,
      currencySymbol: '€',
    });
  });

  it('closes a cancelled checkout without credits', async () => {
    const person = await signUp(ctx);
    const { sessionId } = await buy(person);
    await pay(sessionId, 'cancel');
    const check = await ctx
      .client(person.accessToken)
      .call((r) => r.payment.transaction.check.$post({ json: { sessionId } }));
    expect(check).toMatchObject({ status: 409, message: 'The payment was cancelled' });
    expect(await walletOf(ctx, person.userId)).toEqual({ balance: 50, ledger: 50 });
    expect((await pay(sessionId)).status).toBe(303);
    expect(await walletOf(ctx, person.userId)).toEqual({ balance: 50, ledger: 50 });
  });

  it("refuses another user's checks, packages of the other kind and buying for someone else", async () => {
    const person = await signUp(ctx);
    const other = await signUp(ctx);
    const { sessionId, transactionId } = await buy(person);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.payment.transaction.check.$post({ json: { sessionId } }))
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) =>
            r.payment.transaction.check[':id'].$post({ param: { id: String(transactionId) } }),
          )
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.payment.transaction[':id'].$get({ param: { id: String(transactionId) } }))
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.payment.create.$post({ json: { userId: person.userId, paymentId: 1 } }))
      ).status,
    ).toBe(403);
    const companyPacks = await ctx
      .client(admin.accessToken)
      .call((r) => r.payment.packages.company.$get({ query: {} }));
    const companyPack = wholeList(companyPacks.data)[0]!;
    const wrongKind = await ctx
      .client(person.accessToken)
      .call((r) =>
        r.payment.create.$post({ json: { userId: person.userId, paymentId: companyPack.id } }),
      );
    expect(wrongKind).toMatchObject({
      status: 400,
      message: 'This package is not available for your account',
    });
    expect(
      (
        await ctx
          .client(person.accessToken)
          .call((r) =>
            r.payment.create.$post({ json: { userId: person.userId, paymentId: 99999 } }),
          )
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(person.accessToken)
          .call((r) => r.payment.transaction.check.$post({ json: { sessionId: 'nope' } }))
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client()
          .call((r) => r.payment.create.$post({ json: { userId: person.userId, paymentId: 1 } }))
      ).status,
    ).toBe(401);
  });
});

describe('transactions', () => {
  it("lists a user's own transactions and lets admins see all, or one type", async () => {
    const person = await signUp(ctx);
    const { sessionId } = await buy(person);
    await pay(sessionId);
    const own = await ctx.client(person.accessToken).call((r) =>
      r.payment.transactions[':userId'].$post({
        param: { userId: String(person.userId) },
        json: { pageNumber: 1, pageSize: 500 },
      }),
    );
    expect(own.data.totalCount).toBe(2);
    expect(own.data.transactions.map((t) => t.typeId)).toEqual([1, 6]);
    expect(own.data.transactions[1]).toMatchObject({
      typeName: 'Welcome Credits',
      credits: 50,
      balanceChange: 50,
      balanceAfter: 50,
    });
    // The top-up's balance is the welcome credits and its own.
    const paid = own.data.transactions[0]!;
    expect(paid.balanceAfter).toBe(50 + paid.credits);
    // An unpaid top-up has moved nothing yet.
    await buy(person);
    const [created] = (
      await ctx.client(person.accessToken).call((r) =>
        r.payment.transactions[':userId'].$post({
          param: { userId: String(person.userId) },
          json: { pageNumber: 1, pageSize: 1 },
        }),
      )
    ).data.transactions;
    expect(created).toMatchObject({ state: 'Created', balanceChange: 0, balanceAfter: null });
    const other = await signUp(ctx);
    expect(
      (
        await ctx.client(other.accessToken).call((r) =>
          r.payment.transactions[':userId'].$post({
            param: { userId: String(person.userId) },
            json: {},
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx.client(admin.accessToken).call((r) =>
          r.payment.transactions[':userId'].$post({
            param: { userId: String(person.userId) },
            json: {},
          }),
        )
      ).code,
    ).toBe(0);

    const all = await ctx
      .client(admin.accessToken)
      .call((r) => r.payment.transactions.all.$get({ query: {} }));
    expect(all.data.transactions.some((t) => t.userEmail === person.email)).toBe(true);
    const topUps = await ctx
      .client(admin.accessToken)
      .call((r) => r.payment.transactions.type[':type'].$get({ param: { type: '1' }, query: {} }));
    expect(topUps.data.transactions.every((t) => t.typeId === 1)).toBe(true);
    expect(
      (
        await ctx
          .client(person.accessToken)
          .call((r) => r.payment.transactions.all.$get({ query: {} }))
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) =>
            r.payment.transactions.type[':type'].$get({ param: { type: '99' }, query: {} }),
          )
      ).status,
    ).toBe(400);
  });
});

describe('the Stripe webhook', () => {
  it('settles a top-up once from a signed event and refuses a bad signature', async () => {
    const secret = 'whsec_test_secret';
    const config = loadConfig({
      DATA_DIR: ctx.deps.config.DATA_DIR,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: secret,
    });
    const app = createApp({ ...ctx.deps, config, payments: await paymentProvider(config, ctx.db) });
    const person = await signUp(ctx);
    const [row] = await ctx.db
      .insert(transactions)
      .values({
        userId: person.userId,
        typeId: 1,
        state: 'Created',
        credits: 100,
        provider: 'stripe',
        providerSessionId: 'cs_test_1',
      })
      .returning();
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
        },
      },
    });
    const signature = new Stripe('sk_test_offline').webhooks.generateTestHeaderString({
      payload,
      secret,
    });
    const send = (sig: string) =>
      app.request('/api/payment/webhook/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sig },
        body: payload,
      });
    expect((await send('t=1,v1=forged')).status).toBe(400);
    expect((await send(signature)).status).toBe(200);
    expect((await send(signature)).status).toBe(200);
    const [after] = await ctx.db.select().from(transactions).where(eq(transactions.id, row!.id));
    expect(after?.state).toBe('Paid');
    expect(await walletOf(ctx, person.userId)).toEqual({ balance: 150, ledger: 150 });
  });

  it('is not there when Stripe is not the provider', async () => {
    // Not a route of the typed client at all.
    const res = await ctx.request('POST', '/api/payment/webhook/stripe', { body: {} });
    expect(res.status).toBe(404);
  });

  it('needs both Stripe keys when Stripe is chosen', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY.*\n.*STRIPE_WEBHOOK_SECRET/,
    );
  });
});

describe('the sandbox checkout page with Pay and Cancel at once', () => {
  it('says what happened to the transaction, in every round', async () => {
    const person = await signUp(ctx);
    for (let round = 0; round < 8; round++) {
      const { sessionId, transactionId } = await buy(person);
      const order: ('pay' | 'cancel')[] = round % 2 ? ['pay', 'cancel'] : ['cancel', 'pay'];
      await Promise.all(order.map((action) => pay(sessionId, action)));
      const page = await (await ctx.app.request(`/api/payment/sandbox/${sessionId}`)).text();
      const [row] = await ctx.db
        .select({ state: transactions.state })
        .from(transactions)
        .where(eq(transactions.id, transactionId));
      const shown = /This checkout is (\w+)\./.exec(page)?.[1];
      expect({ round, shown }).toEqual({
        round,
        shown: row?.state === 'Paid' ? 'paid' : 'cancelled',
      });
    }
  });
});
