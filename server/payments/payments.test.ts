import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { PaymentPackage, Transaction } from '#shared/schemas/payment.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
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

type Created = { redirectUrl: string; sessionId: string; transactionId: number };
type Page = { transactions: Transaction[]; totalCount: number };

async function buy(session: Session) {
  const packs = await ctx.get<PaymentPackage[]>('/api/payment/packages', session.accessToken);
  const pack = packs.data[0]!;
  const res = await ctx.post<Created>(
    '/api/payment/create',
    { userId: session.userId, paymentId: pack.id },
    session.accessToken,
  );
  expect(res.code).toBe(0);
  return { pack, ...res.data };
}

const pay = (sessionId: string, action: 'pay' | 'cancel' = 'pay') =>
  ctx.app.request(`/api/payment/sandbox/${sessionId}/${action}`, { method: 'POST' });

describe('packages', () => {
  it("offers each account its own kind's packages", async () => {
    const person = await signUp(ctx);
    const company = await signUp(ctx, 'company');
    const mine = await ctx.get<PaymentPackage[]>('/api/payment/packages', person.accessToken);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((p) => p.typeId === 2 && p.typeName === 'Individual')).toBe(true);
    const theirs = await ctx.get<PaymentPackage[]>('/api/payment/packages', company.accessToken);
    expect(theirs.data.every((p) => p.typeId === 1)).toBe(true);
    expect(theirs.data[0]).toMatchObject({ currencySymbol: '€', currency: 'EUR' });
    expect((await ctx.get('/api/payment/packages')).status).toBe(401);
  });

  it('lets admins create, change and remove packages; a removed one stays in past transactions', async () => {
    const created = await ctx.post<PaymentPackage>(
      '/api/payment/packages/add',
      { name: 'Weekend', description: 'Two featured weeks', amount: 12.5, credits: 130, typeId: 2 },
      admin.accessToken,
    );
    expect(created).toMatchObject({ code: 0, message: 'Payment package created' });
    expect(created.data).toMatchObject({
      amount: 12.5,
      longAmount: 1250,
      credits: 130,
      typeName: 'Individual',
    });
    const individual = await ctx.get<PaymentPackage[]>(
      '/api/payment/packages/individual',
      admin.accessToken,
    );
    expect(individual.data.map((p) => p.id)).toContain(created.data.id);

    const person = await signUp(ctx);
    const res = await ctx.post<Created>(
      '/api/payment/create',
      { userId: person.userId, paymentId: created.data.id },
      person.accessToken,
    );
    await pay(res.data.sessionId);

    const updated = await ctx.post<PaymentPackage>(
      '/api/payment/packages/update',
      { id: created.data.id, name: 'Weekend+', amount: 15, credits: 150, typeId: 2 },
      admin.accessToken,
    );
    expect(updated).toMatchObject({
      message: 'Payment package updated',
      data: { name: 'Weekend+', longAmount: 1500 },
    });
    const removed = await ctx.delete(
      `/api/payment/packages/remove/${created.data.id}`,
      admin.accessToken,
    );
    expect(removed.message).toBe('Successfully removed package');
    expect(
      (
        await ctx.get<PaymentPackage[]>('/api/payment/packages/individual', admin.accessToken)
      ).data.map((p) => p.id),
    ).not.toContain(created.data.id);
    const history = await ctx.post<Page>(
      `/api/payment/transactions/${person.userId}`,
      { pageNumber: 1, pageSize: 500 },
      person.accessToken,
    );
    expect(history.data.transactions[0]).toMatchObject({
      typeId: 1,
      packageName: 'Weekend',
      amount: 12.5,
      credits: 130,
      state: 'Paid',
    });
    expect(
      (await ctx.delete(`/api/payment/packages/remove/${created.data.id}`, admin.accessToken))
        .status,
    ).toBe(404);
  });

  it('checks package input and who may change packages', async () => {
    const bad = await ctx.post(
      '/api/payment/packages/add',
      { name: '', amount: 1, credits: 1, typeId: 2 },
      admin.accessToken,
    );
    expect(bad).toMatchObject({ status: 400, message: 'Please enter name' });
    const type = await ctx.post(
      '/api/payment/packages/add',
      { name: 'X', amount: 1, credits: 1, typeId: 5 },
      admin.accessToken,
    );
    expect(type.message).toBe('Package type must be 1 (Company) or 2 (Individual)');
    const user = await signUp(ctx);
    expect((await ctx.get('/api/payment/packages/company', user.accessToken)).status).toBe(403);
    expect(
      (
        await ctx.post(
          '/api/payment/packages/add',
          { name: 'X', amount: 1, credits: 1, typeId: 2 },
          user.accessToken,
        )
      ).status,
    ).toBe(403);
    expect((await ctx.delete('/api/payment/packages/remove/1', user.accessToken)).status).toBe(403);
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
    const pending = await ctx.post(
      '/api/payment/transaction/check/' + transactionId,
      {},
      person.accessToken,
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
      const check = await ctx.post<{ state: string }>(
        '/api/payment/transaction/check',
        { sessionId },
        person.accessToken,
      );
      expect(check).toMatchObject({
        code: 0,
        message: 'Successfully processed transaction!',
        data: { state: 'Paid' },
      });
    }
    await pay(sessionId);
    expect(
      (await ctx.post('/api/payment/transaction/check/' + transactionId, {}, person.accessToken))
        .code,
    ).toBe(0);
    expect(await walletOf(ctx, person.userId)).toEqual({
      balance: 50 + pack.credits,
      ledger: 50 + pack.credits,
    });
    const one = await ctx.get<Transaction>(
      `/api/payment/transaction/${transactionId}`,
      person.accessToken,
    );
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
    const check = await ctx.post(
      '/api/payment/transaction/check',
      { sessionId },
      person.accessToken,
    );
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
      (await ctx.post('/api/payment/transaction/check', { sessionId }, other.accessToken)).status,
    ).toBe(404);
    expect(
      (await ctx.post(`/api/payment/transaction/check/${transactionId}`, {}, other.accessToken))
        .status,
    ).toBe(404);
    expect(
      (await ctx.get(`/api/payment/transaction/${transactionId}`, other.accessToken)).status,
    ).toBe(404);
    expect(
      (
        await ctx.post(
          '/api/payment/create',
          { userId: person.userId, paymentId: 1 },
          other.accessToken,
        )
      ).status,
    ).toBe(403);
    const companyPack = (
      await ctx.get<PaymentPackage[]>('/api/payment/packages/company', admin.accessToken)
    ).data[0]!;
    const wrongKind = await ctx.post(
      '/api/payment/create',
      { userId: person.userId, paymentId: companyPack.id },
      person.accessToken,
    );
    expect(wrongKind).toMatchObject({
      status: 400,
      message: 'This package is not available for your account',
    });
    expect(
      (
        await ctx.post(
          '/api/payment/create',
          { userId: person.userId, paymentId: 99999 },
          person.accessToken,
        )
      ).status,
    ).toBe(404);
    expect(
      (await ctx.post('/api/payment/transaction/check', { sessionId: 'nope' }, person.accessToken))
        .status,
    ).toBe(404);
    expect(
      (await ctx.post('/api/payment/create', { userId: person.userId, paymentId: 1 })).status,
    ).toBe(401);
  });
});

describe('transactions', () => {
  it("lists a user's own transactions and lets admins see all, or one type", async () => {
    const person = await signUp(ctx);
    const { sessionId } = await buy(person);
    await pay(sessionId);
    const own = await ctx.post<Page>(
      `/api/payment/transactions/${person.userId}`,
      { pageNumber: 1, pageSize: 500 },
      person.accessToken,
    );
    expect(own.data.totalCount).toBe(2);
    expect(own.data.transactions.map((t) => t.typeId)).toEqual([1, 6]);
    expect(own.data.transactions[1]).toMatchObject({
      typeName: 'Welcome Credits',
      credits: 50,
      balanceChange: 50,
    });
    const other = await signUp(ctx);
    expect(
      (await ctx.post(`/api/payment/transactions/${person.userId}`, {}, other.accessToken)).status,
    ).toBe(403);
    expect(
      (await ctx.post(`/api/payment/transactions/${person.userId}`, {}, admin.accessToken)).code,
    ).toBe(0);

    const all = await ctx.get<Page>('/api/payment/transactions/all', admin.accessToken);
    expect(all.data.transactions.some((t) => t.userEmail === person.email)).toBe(true);
    const topUps = await ctx.get<Page>('/api/payment/transactions/type/1', admin.accessToken);
    expect(topUps.data.transactions.every((t) => t.typeId === 1)).toBe(true);
    expect((await ctx.get('/api/payment/transactions/all', person.accessToken)).status).toBe(403);
    expect((await ctx.get('/api/payment/transactions/type/99', admin.accessToken)).status).toBe(
      400,
    );
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
    const app = createApp({ ...ctx.deps, config, payments: paymentProvider(config, ctx.db) });
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
    const res = await ctx.post('/api/payment/webhook/stripe', {});
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
