import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import {
  createTestContext,
  type RouteCall,
  type TestContext,
} from '../../tests/support/context.ts';
import { login, newAddress, PASSWORD, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';
import { balanceSeenBy } from '../../tests/support/calls.ts';
import { walletOf } from '../../tests/support/money.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const CODE = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

async function addVoucher(credits = 25, daysActive = 10) {
  const res = await ctx
    .client(admin.accessToken)
    .call((r) => r.voucher.add.$post({ json: { credits, daysActive } }));
  if (res.code !== 0) throw new Error(`voucher/add failed: ${res.message}`);
  return res.data;
}

const redeem = (user: Session, code: string) =>
  ctx
    .client(user.accessToken)
    .call((r) => r.voucher.redeem.$post({ json: { userId: user.userId, code } }));

const active = async () =>
  wholeList(
    (await ctx.client(admin.accessToken).call((r) => r.voucher.active.$get({ query: {} }))).data,
  );

const balance = (user: Session) => balanceSeenBy(ctx, user);
const wallet = (userId: number) => walletOf(ctx, userId);

async function transactionsOf(user: Session) {
  const res = await ctx.client(user.accessToken).call((r) =>
    r.payment.transactions[':userId'].$post({
      param: { userId: String(user.userId) },
      json: { pageNumber: 1, pageSize: 500 },
    }),
  );
  return res.data.transactions;
}

describe('admin vouchers', () => {
  it("creates a voucher with an unambiguous code: 'Voucher created'", async () => {
    const res = await ctx
      .client(admin.accessToken)
      .call((r) => r.voucher.add.$post({ json: { credits: 40, daysActive: 7 } }));
    expect(res).toMatchObject({
      code: 0,
      message: 'Voucher created',
      data: { credits: 40, daysActive: 7, isActive: true, redemptions: 0 },
    });
    expect(res.data.code).toMatch(CODE);
    expect(res.data.code).not.toMatch(/[01OIL]/);
    const days =
      (Date.parse(res.data.expirationDate) - Date.parse(res.data.createDate)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    const codes = new Set([res.data.code]);
    for (let i = 0; i < 5; i++) codes.add((await addVoucher()).code);
    expect(codes.size).toBe(6);
    for (const code of codes) expect(code).toMatch(CODE);
  });

  it.each([
    [{ credits: 0, daysActive: 5 }, 'Credits must be more than 0'],
    [{ credits: -3, daysActive: 5 }, 'Credits must be more than 0'],
    [{ credits: 2.5, daysActive: 5 }, 'Credits must be a whole number'],
    [{ daysActive: 5 }, 'Please enter credits'],
    [{ credits: 10, daysActive: 0 }, 'Days active must be at least 1'],
    [{ credits: 10 }, 'Please enter days active'],
  ])('refuses %o: %s', async (body, message) => {
    // Bodies the typed client cannot send (a field missing) among them.
    const res = await ctx.request('POST', '/api/voucher/add', { body, token: admin.accessToken });
    expect(res).toMatchObject({ status: 400, code: 400, message });
  });

  it('lists active vouchers with their redemptions, and deactivation removes them', async () => {
    const voucher = await addVoucher(15, 3);
    expect(await active()).toContainEqual(
      expect.objectContaining({ id: voucher.id, code: voucher.code, credits: 15, redemptions: 0 }),
    );
    const user = await signUp(ctx);
    expect((await redeem(user, voucher.code)).code).toBe(0);
    expect((await active()).find((v) => v.id === voucher.id)?.redemptions).toBe(1);

    const res = await ctx
      .client(admin.accessToken)
      .call((r) => r.voucher.deactivate[':id'].$put({ param: { id: String(voucher.id) } }));
    expect(res).toMatchObject({ code: 0, message: 'Voucher deactivated' });
    expect((await active()).map((v) => v.id)).not.toContain(voucher.id);
    const again = await ctx
      .client(admin.accessToken)
      .call((r) => r.voucher.deactivate[':id'].$put({ param: { id: String(voucher.id) } }));
    expect(again.status).toBe(404);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.voucher.deactivate[':id'].$put({ param: { id: '999999' } }))
      ).status,
    ).toBe(404);
  });

  it('is for administrators only', async () => {
    const voucher = await addVoucher();
    const user = await signUp(ctx);
    const company = await signUp(ctx, 'company');
    const calls: [string, RouteCall][] = [
      [
        'POST /api/voucher/add',
        (r) => r.voucher.add.$post({ json: { credits: 10, daysActive: 5 } }),
      ],
      ['GET /api/voucher/active', (r) => r.voucher.active.$get({ query: {} })],
      [
        'PUT /api/voucher/deactivate/:id',
        (r) => r.voucher.deactivate[':id'].$put({ param: { id: String(voucher.id) } }),
      ],
    ];
    for (const [name, call] of calls) {
      for (const who of [user, company])
        expect((await ctx.client(who.accessToken).call(call)).status, name).toBe(403);
      expect((await ctx.client().call(call)).status, name).toBe(401);
    }
    expect((await active()).map((v) => v.id)).toContain(voucher.id);
  });
});

describe('redeeming a voucher', () => {
  it("adds the credits once per user: 'Successfully redeemed code'", async () => {
    const voucher = await addVoucher(30);
    const user = await signUp(ctx);
    expect(await balance(user)).toBe(50);

    const res = await redeem(user, voucher.code);
    expect(res).toMatchObject({
      code: 0,
      message: 'Successfully redeemed code',
      data: { credits: 30, balance: 80 },
    });
    expect(await balance(user)).toBe(80);
    expect(await wallet(user.userId)).toEqual({ balance: 80, ledger: 80 });
    const voucherRows = (await transactionsOf(user)).filter((t) => t.typeId === 3);
    expect(voucherRows).toHaveLength(1);
    expect(voucherRows[0]).toMatchObject({
      typeId: 3,
      typeName: 'Top Up Credit - Voucher',
      state: 'Done',
      voucherCredits: 30,
      credits: 30,
    });

    const second = await redeem(user, voucher.code);
    expect(second).toMatchObject({
      status: 409,
      message: 'You have already redeemed this voucher',
    });
    expect(await balance(user)).toBe(80);
    expect((await transactionsOf(user)).filter((t) => t.typeId === 3)).toHaveLength(1);

    const other = await signUp(ctx, 'company');
    expect((await redeem(other, voucher.code)).message).toBe('Successfully redeemed code');
    expect(await balance(other)).toBe(230);
    expect(await wallet(other.userId)).toEqual({ balance: 230, ledger: 230 });
  });

  it('accepts the spec path with a trailing slash', async () => {
    const voucher = await addVoucher(12);
    const user = await signUp(ctx);
    // A path the typed client does not write.
    const res = await ctx.request('POST', '/api/voucher/redeem/', {
      body: { userId: user.userId, code: voucher.code },
      token: user.accessToken,
    });
    expect(res).toMatchObject({ code: 0, message: 'Successfully redeemed code' });
    expect(await balance(user)).toBe(62);
  });

  it('accepts a code typed in lowercase, without dashes or with spaces around', async () => {
    const voucher = await addVoucher(5);
    const lower = await signUp(ctx);
    expect((await redeem(lower, voucher.code.toLowerCase())).code).toBe(0);
    const bare = await signUp(ctx);
    expect((await redeem(bare, voucher.code.replaceAll('-', '').toLowerCase())).code).toBe(0);
    const spaced = await signUp(ctx);
    expect((await redeem(spaced, `  ${voucher.code}  `)).code).toBe(0);
    for (const user of [lower, bare, spaced]) expect(await balance(user)).toBe(55);
    expect((await active()).find((v) => v.id === voucher.id)?.redemptions).toBe(3);
  });

  it("answers 'Voucher is not valid!' for an unknown or too short code", async () => {
    const user = await signUp(ctx);
    for (const code of ['ZZZZ-ZZZZ-ZZZZ', 'nope-nope', 'abc', '', '   x  ']) {
      const res = await redeem(user, code);
      expect(res, code).toMatchObject({ status: 400, message: 'Voucher is not valid!' });
    }
    // Without a code, which the typed client cannot send.
    const missing = await ctx.request('POST', '/api/voucher/redeem', {
      body: { userId: user.userId },
      token: user.accessToken,
    });
    expect(missing).toMatchObject({ status: 400, message: 'Voucher is not valid!' });
    expect(await balance(user)).toBe(50);
  });

  it("refuses an expired voucher: 'This voucher has expired'", async () => {
    const voucher = await addVoucher(20, 1);
    const user = await signUp(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    // A token issued in the future, so only the voucher is out of date.
    const later = await login(ctx, user.email);
    const res = await redeem(later, voucher.code);
    expect(res).toMatchObject({ status: 400, message: 'This voucher has expired' });
    const adminLater = await login(ctx, admin.email, PASSWORD, admin.totpSecret);
    const listed = await ctx
      .client(adminLater.accessToken)
      .call((r) => r.voucher.active.$get({ query: {} }));
    expect(wholeList(listed.data).map((v) => v.id)).not.toContain(voucher.id);
    vi.useRealTimers();
    expect(await balance(user)).toBe(50);
  });

  it("refuses a deactivated voucher: 'This voucher has been deactivated'", async () => {
    const voucher = await addVoucher(20);
    await ctx
      .client(admin.accessToken)
      .call((r) => r.voucher.deactivate[':id'].$put({ param: { id: String(voucher.id) } }));
    const user = await signUp(ctx);
    const res = await redeem(user, voucher.code);
    expect(res).toMatchObject({ status: 400, message: 'This voucher has been deactivated' });
    expect(await balance(user)).toBe(50);
  });

  it('redeems only for the caller, and needs a session', async () => {
    const voucher = await addVoucher(20);
    const user = await signUp(ctx);
    const victim = await signUp(ctx);
    const res = await ctx
      .client(user.accessToken)
      .call((r) => r.voucher.redeem.$post({ json: { userId: victim.userId, code: voucher.code } }));
    expect(res.status).toBe(403);
    const anonymous = await ctx.client().call((r) =>
      r.voucher.redeem.$post({
        json: {
          userId: user.userId,
          code: voucher.code,
        },
      }),
    );
    expect(anonymous.status).toBe(401);
    expect(await balance(user)).toBe(50);
    expect(await balance(victim)).toBe(50);
    expect((await active()).find((v) => v.id === voucher.id)?.redemptions).toBe(0);
  });

  it('credits once when the same user redeems many times at once', async () => {
    const voucher = await addVoucher(10);
    const user = await signUp(ctx);
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(user, voucher.code)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== 0))
      expect(r).toMatchObject({ status: 409, message: 'You have already redeemed this voucher' });
    expect(await wallet(user.userId)).toEqual({ balance: 60, ledger: 60 });
  });
});

describe('guessing codes', () => {
  const redeemFrom = (user: Session, code: string, from: string) =>
    ctx
      .client(user.accessToken, from)
      .call((r) => r.voucher.redeem.$post({ json: { userId: user.userId, code } }));

  it('takes ten wrong codes an hour from an account, from any address, then answers 429', async () => {
    const voucher = await addVoucher(30);
    const user = await signUp(ctx);
    for (let i = 0; i < 10; i++) {
      const res = await redeemFrom(user, `WRNG-CODE-${String(i).padStart(4, 'A')}`, newAddress());
      expect(res.status).toBe(400);
    }
    expect(await redeemFrom(user, voucher.code, newAddress())).toMatchObject({
      status: 429,
      message: 'Too many wrong codes. Please try again in an hour.',
    });
    expect(await balance(user)).toBe(50);
    const other = await signUp(ctx);
    expect((await redeemFrom(other, voucher.code, newAddress())).code).toBe(0);
  });

  it('takes thirty wrong codes an hour from one address, whatever the account', async () => {
    const from = newAddress();
    const guessers = await Promise.all([signUp(ctx), signUp(ctx), signUp(ctx), signUp(ctx)]);
    for (const guesser of guessers.slice(0, 3)) {
      for (let i = 0; i < 10; i++) {
        expect((await redeemFrom(guesser, 'ZZZZ-ZZZZ-ZZZZ', from)).status).toBe(400);
      }
    }
    expect((await redeemFrom(guessers[3]!, 'ZZZZ-ZZZZ-ZZZZ', from)).status).toBe(429);
    expect((await redeemFrom(guessers[3]!, 'ZZZZ-ZZZZ-ZZZZ', newAddress())).status).toBe(400);
  });

  it('does not count a successful redemption', async () => {
    const user = await signUp(ctx);
    const from = newAddress();
    for (let i = 0; i < 9; i++) {
      expect((await redeemFrom(user, 'ZZZZ-ZZZZ-ZZZZ', from)).status).toBe(400);
    }
    const voucher = await addVoucher(5);
    expect((await redeemFrom(user, voucher.code, from)).code).toBe(0);
    expect((await redeemFrom(user, 'ZZZZ-ZZZZ-ZZZZ', from)).status).toBe(400);
    expect((await redeemFrom(user, 'ZZZZ-ZZZZ-ZZZZ', from)).status).toBe(429);
  });
});
