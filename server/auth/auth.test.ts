import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import { needsSecondFactor } from '#shared/schemas/two-factor.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import {
  balanceOf,
  companyPayload,
  login,
  PASSWORD,
  privatePayload,
  newAddress,
  signUp,
} from '../../tests/support/factories.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { ledgerEntries, transactions, users } from '../db/schema/index.ts';
import { signAccessToken } from './tokens.ts';
import { expectOwnOnly, statusOf } from '../../tests/support/calls.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const expiredToken = async (session: Session) =>
  (
    await signAccessToken(
      ctx.deps.jwtKey,
      { userId: session.userId, roleId: 2, email: session.email, sessionFamily: 'x' },
      -1,
    )
  ).token;

const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** Registrations from an address of their own (registrations count per address). */
const registerPrivate = (json: ReturnType<typeof privatePayload>, from = newAddress()) =>
  ctx.client(undefined, from).call((r) => r.user.register.private.$post({ json }));
const registerCompany = (json: ReturnType<typeof companyPayload>, from = newAddress()) =>
  ctx.client(undefined, from).call((r) => r.user.register.company.$post({ json }));

const logIn = (email: string, password: string, from: string) =>
  ctx.client(undefined, from).call((r) => r.user.login.$post({ json: { email, password } }));

/** The last e-mail to `to`, once the mail job has sent what is queued. */
async function lastMailTo(to: string) {
  await deliverQueuedMail(ctx.db, ctx.deps.mailer);
  return ctx.outbox.findLast((m) => m.to === to);
}

/** Asks for a password reset code for `email`. */
const askForCode = (email: string) =>
  ctx.client().call((r) => r.user.password.forgot.$post({ json: { email } }));
/** Asks for a reset code and reads it from the mail that brought it. */
async function mailedCode(email: string) {
  await askForCode(email);
  return codeFrom((await lastMailTo(email))?.text ?? '');
}
const verifyCode = (email: string, code: string) =>
  ctx.client().call((r) => r.user.password.forgot.verify.$post({ json: { email, code } }));
const setNewPassword = (email: string, password: string) =>
  ctx
    .client()
    .call((r) =>
      r.user.password.forgot.update.$post({ json: { email, password, confirmPassword: password } }),
    );

describe('registration', () => {
  it('registers an individual with the welcome credits booked through the ledger', async () => {
    const payload = privatePayload();
    const res = await registerPrivate(payload);
    expect(res).toMatchObject({ status: 200, code: 0, message: 'Successfully registered' });
    const userId = res.data.id;
    expect(await balanceOf(ctx, userId)).toBe(50);
    const entries = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    expect(entries).toEqual([
      expect.objectContaining({ credits: 50, balanceAfter: 50, reason: 'credit' }),
    ]);
    const [welcome] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId));
    expect(welcome).toMatchObject({ typeId: 6, credits: 50 });
  });

  it('registers a company with logo, C and VAT numbers and the company welcome credits', async () => {
    const payload = companyPayload({ cNumber: 'C 45123', vatNumber: 'MT20451234' });
    const res = await registerCompany(payload);
    expect(res.code).toBe(0);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, res.data.id));
    expect(row).toMatchObject({
      roleId: 3,
      cNumber: '45123',
      vatNumber: '20451234',
      phone2: '79990001',
    });
    expect(row?.imageKey).toMatch(/^logos\/[0-9a-f]+\.jpg$/);
    expect(await balanceOf(ctx, res.data.id)).toBe(200);
  });

  it.each([
    [{ email: '' }, 'Email field is required'],
    [{ email: 'not-an-email' }, 'Not valid email'],
    [
      { password: 'lowercase1' },
      'Password must contain one upper case letter, one lowercase letter and one number',
    ],
    [{ password: 'Ab1' }, 'Password must contain at least 8 characters'],
    [{ confirmPassword: 'Different1' }, 'Password and confirm password are different'],
    [{ firstName: ' ' }, 'First name is required field'],
    [{ phone: '' }, 'Phone is required field'],
    [{ lastName: undefined }, 'Last name is required field'],
    [{ city: undefined }, 'City is required field'],
    [{ city: 'Atlantis' }, 'City is not one of the localities of Malta and Gozo'],
  ])('refuses an individual with %o: %s', async (change, message) => {
    const res = await registerPrivate(privatePayload(change));
    expect(res).toMatchObject({ status: 400, code: 400, message });
  });

  it.each([
    [{ image: '' }, 'Logo is required'],
    [{ firstName: '' }, 'Company name is required field'],
    [{ cNumber: '' }, 'C number is required field'],
    [{ vatNumber: undefined }, 'VAT number is required field'],
    [{ vatNumber: 'MT12' }, 'VAT number must contain 8 digits'],
  ])('refuses a company with %o: %s', async (change, message) => {
    const res = await registerCompany(companyPayload(change));
    expect(res).toMatchObject({ status: 400, message });
  });

  it('refuses a logo that is not an image, by its bytes', async () => {
    const fake = Buffer.from('<?php echo "not an image"; ?>').toString('base64');
    const res = await registerCompany(companyPayload({ image: fake }));
    expect(res).toMatchObject({
      status: 422,
      message:
        'The following files were not uploaded because they are not valid image formats: Logo',
    });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const payload = privatePayload();
    expect((await registerPrivate(payload)).code).toBe(0);
    const again = await registerPrivate({
      ...payload,
      email: payload.email.toUpperCase(),
    });
    expect(again).toMatchObject({
      status: 409,
      message: 'An account with this email already exists',
    });
  });
});

describe('login', () => {
  it('answers the session with the role', async () => {
    const payload = privatePayload();
    await registerPrivate(payload);
    const res = await ctx.client().call((r) =>
      r.user.login.$post({
        json: {
          email: payload.email,
          password: PASSWORD,
        },
      }),
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ roleId: 2, email: payload.email });
    if (needsSecondFactor(res.data)) throw new Error('a seller without two-factor login');
    expect(res.data.accessToken.split('.')).toHaveLength(3);
    expect(res.data.refreshToken.length).toBeGreaterThan(20);
  });

  it("answers 401 'Invalid credentials' for a wrong password or an unknown address", async () => {
    const session = await signUp(ctx);
    const wrong = await ctx.client().call((r) =>
      r.user.login.$post({
        json: {
          email: session.email,
          password: 'Wrong1234',
        },
      }),
    );
    expect(wrong).toMatchObject({ status: 401, code: 401, message: 'Invalid credentials' });
    const unknown = await ctx.client().call((r) =>
      r.user.login.$post({
        json: {
          email: 'nobody@example.mt',
          password: 'Wrong1234',
        },
      }),
    );
    expect(unknown).toMatchObject({ status: 401, message: 'Invalid credentials' });
  });

  it.each([
    [{ email: '', password: 'x' }, 'You have to enter email field'],
    [{ email: 'bad', password: 'x' }, 'Not valid email'],
    [{ email: 'a@b.mt', password: '' }, 'You have to enter password'],
    [{ email: 'a@b.mt', password: 'abc' }, 'Password too short'],
  ])('validates %o: %s', async (body, message) => {
    expect(await ctx.client().call((r) => r.user.login.$post({ json: body }))).toMatchObject({
      status: 400,
      message,
    });
  });

  it("stops an attacker's wrong passwords after ten, and never the owner from another address", async () => {
    const owner = await signUp(ctx);
    const attacker = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await logIn(owner.email, 'Wrong1234', attacker)).status).toBe(401);
    }
    const refused = await logIn(owner.email, 'Wrong1234', attacker);
    expect(refused).toMatchObject({
      status: 429,
      code: 429,
      message: 'Too many failed logins. Please try again in 15 minutes.',
    });
    // Even the right password from the attacker's address waits: no oracle for the 11th guess.
    expect((await logIn(owner.email, PASSWORD, attacker)).status).toBe(429);
    expect((await logIn(owner.email, PASSWORD, newAddress())).code).toBe(0);
    // Another account from the attacker's address is not affected by this account's failures.
    const other = await signUp(ctx);
    expect((await logIn(other.email, PASSWORD, attacker)).code).toBe(0);
  });

  it('lets no more than ten wrong passwords through when they arrive at once', async () => {
    const owner = await signUp(ctx);
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => logIn(owner.email, 'Wrong1234', attacker)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect((await logIn(owner.email, PASSWORD, newAddress())).code).toBe(0);
  });

  it('forgets the failures of an account from an address once the right password is given there', async () => {
    const owner = await signUp(ctx);
    const home = newAddress();
    for (let i = 0; i < 9; i++) {
      expect((await logIn(owner.email, 'Wrong1234', home)).status).toBe(401);
    }
    expect((await logIn(owner.email, PASSWORD, home)).code).toBe(0);
    for (let i = 0; i < 10; i++) {
      expect((await logIn(owner.email, 'Wrong1234', home)).status).toBe(401);
    }
    expect((await logIn(owner.email, 'Wrong1234', home)).status).toBe(429);
  });

  it('refuses every login from an address after a hundred failures there, and only there', async () => {
    const owner = await signUp(ctx);
    const attacker = newAddress();
    for (let i = 0; i < 100; i++) {
      expect((await logIn(`nobody${i}@example.mt`, 'Wrong1234', attacker)).status).toBe(401);
    }
    expect((await logIn(owner.email, PASSWORD, attacker)).status).toBe(429);
    expect((await logIn(owner.email, PASSWORD, newAddress())).code).toBe(0);
  });
});

describe('registration limits', () => {
  it('accepts five registrations from one address in an hour, then answers 429', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await registerPrivate(privatePayload(), from)).code).toBe(0);
    }
    expect(await registerPrivate(privatePayload(), from)).toMatchObject({
      status: 429,
      code: 429,
      message: 'Too many attempts. Please try again later.',
    });
    expect(await registerCompany(companyPayload(), from)).toMatchObject({ status: 429 });
    expect((await registerPrivate(privatePayload(), newAddress())).code).toBe(0);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token: the new one works, the old one once reused ends the family', async () => {
    const first = await signUp(ctx);
    const second = await ctx.client().call((r) =>
      r.user.refresh.$post({
        json: {
          id: first.userId,
          refreshToken: first.refreshToken,
        },
      }),
    );
    expect(second.code).toBe(0);
    expect(second.data.refreshToken).not.toBe(first.refreshToken);
    expect(
      (
        await ctx
          .client(second.data.accessToken)
          .call((r) => r.user[':id'].$get({ param: { id: String(first.userId) } }))
      ).code,
    ).toBe(0);

    // Later than two tabs refreshing together could explain: the old token leaked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    const reuse = await ctx.client().call((r) =>
      r.user.refresh.$post({
        json: {
          id: first.userId,
          refreshToken: first.refreshToken,
        },
      }),
    );
    expect(reuse).toMatchObject({ status: 401, message: 'Session expired' });
    // The reuse revoked the whole family: the newest tokens stop working too.
    const after = await ctx.client().call((r) =>
      r.user.refresh.$post({
        json: {
          id: first.userId,
          refreshToken: second.data.refreshToken,
        },
      }),
    );
    expect(after.status).toBe(401);
    expect(
      await statusOf(ctx, second.data.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: String(first.userId) } }),
      ),
    ).toBe(401);
    vi.useRealTimers();
  });

  it('swaps a token again within the reuse interval: two tabs, or a page left before its refresh answered', async () => {
    const first = await signUp(ctx);
    const body = { id: first.userId, refreshToken: first.refreshToken };
    const a = await ctx.client().call((r) => r.user.refresh.$post({ json: body }));
    // The first answer is lost with the page; the next page comes with the same token 9 s later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 9_000 });
    const b = await ctx.client().call((r) => r.user.refresh.$post({ json: body }));
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.data.refreshToken).not.toBe(a.data.refreshToken);
    // Both new tokens belong to the session and go on working.
    for (const session of [a.data, b.data]) {
      const next = await ctx
        .client()
        .call((r) =>
          r.user.refresh.$post({ json: { id: first.userId, refreshToken: session.refreshToken } }),
        );
      expect(next.code).toBe(0);
    }
    vi.useRealTimers();
  });

  it('judges a refresh by its refresh token alone, whatever bearer token comes with it', async () => {
    const session = await signUp(ctx);
    const expired = await expiredToken(session);
    for (const bearer of [expired, 'not-a-jwt', session.accessToken]) {
      const current = await ctx.client(bearer).call((r) =>
        r.user.refresh.$post({
          json: { id: session.userId, refreshToken: session.refreshToken },
        }),
      );
      expect(current).toMatchObject({ status: 200, code: 0 });
      session.refreshToken = current.data.refreshToken;
    }
  });

  it('answers public calls carrying an expired or invalid token as for a visitor', async () => {
    const session = await signUp(ctx);
    for (const bearer of [await expiredToken(session), 'garbage']) {
      const res = await ctx
        .client(bearer)
        .call((r) => r.cars.search.$post({ json: {} as SearchRequest }));
      expect(res).toMatchObject({ status: 200, code: 0 });
    }
    const header = await ctx.request('GET', '/api/configuration', {
      headers: { authorization: 'Basic abc' },
    });
    expect(header.status).toBe(200);
  });

  it("refuses another user's refresh token and a made-up one", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.refresh.$post({ json: { id: b.userId, refreshToken: a.refreshToken } }),
      ),
    ).toBe(401);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.refresh.$post({ json: { id: a.userId, refreshToken: 'made-up' } }),
      ),
    ).toBe(401);
    // Without a refresh token, which the typed client cannot send.
    expect(
      (await ctx.request('POST', '/api/user/refresh', { body: { id: a.userId } })).message,
    ).toBe('Refresh token is required');
  });

  it('logs out the current session only', async () => {
    const session = await signUp(ctx);
    const other = await login(ctx, session.email);
    const res = await ctx
      .client(session.accessToken)
      .call((r) => r.user.logout[':id'].$put({ param: { id: String(session.userId) } }));
    expect(res.code).toBe(0);
    expect(
      await statusOf(ctx, session.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: String(session.userId) } }),
      ),
    ).toBe(401);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.refresh.$post({
          json: {
            id: session.userId,
            refreshToken: session.refreshToken,
          },
        }),
      ),
    ).toBe(401);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }))
      ).code,
    ).toBe(0);
  });

  it("refuses to log out someone else's session and answers 401 without a token", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await expectOwnOnly(
      ctx,
      (id) => (r) => r.user.logout[':id'].$put({ param: { id: String(id) } }),
      b,
      a,
    );
  });

  it('refuses an expired access token with 401 on a route that needs a session', async () => {
    const session = await signUp(ctx);
    const res = await ctx
      .client(await expiredToken(session))
      .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }));
    expect(res).toMatchObject({ status: 401, message: 'Session expired' });
  });
});

describe('forgot password', () => {
  it('mails a code, verifies it, and sets the new password; old sessions end', async () => {
    const session = await signUp(ctx);
    const sent = await askForCode(session.email);
    expect(sent).toMatchObject({ code: 0, message: 'Code sent to email' });
    const mail = await lastMailTo(session.email);
    const code = codeFrom(mail?.text ?? '');
    expect(code).toMatch(/^\d{6}$/);

    expect((await verifyCode(session.email, code)).code).toBe(0);
    const update = await setNewPassword(session.email, 'NewSecret9');
    expect(update.code).toBe(0);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.login.$post({ json: { email: session.email, password: PASSWORD } }),
      ),
    ).toBe(401);
    expect(
      (
        await ctx
          .client()
          .call((r) =>
            r.user.login.$post({ json: { email: session.email, password: 'NewSecret9' } }),
          )
      ).code,
    ).toBe(0);
    expect(
      await statusOf(ctx, session.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: String(session.userId) } }),
      ),
    ).toBe(401);

    // The code is single use.
    const again = await verifyCode(session.email, code);
    expect(again.status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = ctx.outbox.length;
    const res = await askForCode('ghost@example.mt');
    expect(res).toMatchObject({ code: 0, message: 'Code sent to email' });
    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    expect(ctx.outbox.length).toBe(before);
  });

  it('allows five tries per code, then asks for a new one', async () => {
    const session = await signUp(ctx);
    const code = await mailedCode(session.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verifyCode(session.email, wrong);
      expect(res).toMatchObject({ status: 400, message: 'Code is not valid or has expired' });
    }
    const blocked = await verifyCode(session.email, code);
    expect(blocked.status).toBe(429);
  });

  it('expires a code after ten minutes', async () => {
    const session = await signUp(ctx);
    const code = await mailedCode(session.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    try {
      const res = await verifyCode(session.email, code);
      expect(res.status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses the new password without a verified code, and checks the rules', async () => {
    const session = await signUp(ctx);
    const res = await setNewPassword(session.email, 'NewSecret9');
    expect(res).toMatchObject({
      status: 400,
      message: 'Please verify the code from your email first',
    });
    const weak = await setNewPassword(session.email, 'weak');
    expect(weak.message).toBe(
      'Password must contain one upper case letter, one lowercase letter and one number',
    );
    const code = await verifyCode(session.email, '12');
    expect(code.message).toBe('Code must be 6 digits');
  });

  it('answers without waiting for the e-mail, which the mail job sends', async () => {
    const session = await signUp(ctx);
    const send = ctx.deps.mailer.send;
    let release: () => void = () => undefined;
    ctx.deps.mailer.send = () => new Promise<void>((resolve) => (release = resolve));
    try {
      const known = await askForCode(session.email);
      const unknown = await askForCode('nobody@example.mt');
      expect(known).toMatchObject({ status: 200, code: 0, message: 'Code sent to email' });
      expect({ ...unknown, headers: undefined }).toEqual({ ...known, headers: undefined });
    } finally {
      release();
      ctx.deps.mailer.send = send;
    }
    const mail = await lastMailTo(session.email);
    expect(mail?.subject).toMatch(/^Your Spotted code: \d{6}$/);
    expect(mail?.text).toContain('Hello Maria,');
  });

  it('limits code requests per address', async () => {
    const session = await signUp(ctx);
    for (let i = 0; i < 5; i++) {
      expect((await askForCode(session.email)).code).toBe(0);
    }
    expect((await askForCode(session.email)).status).toBe(429);
  });
});
