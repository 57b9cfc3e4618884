import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { roles } from '#shared/limits.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { needsSecondFactor, type LoginAnswer } from '#shared/schemas/two-factor.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { newAddress, PASSWORD, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { totpCode } from '../../tests/support/two-factor.ts';
import { hashPassword } from './passwords.ts';
import { recoveryCodes, twoFactor, users } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

/** Moves the clock on by whole 30-second periods (the server and the authenticator alike). */
function later(periods: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + periods * 30_000);
}

const passwordStep = (email: string, from: string, password = PASSWORD) =>
  ctx.client(undefined, from).call((r) => r.user.login.$post({ json: { email, password } }));

const codeStep = (challengeToken: string, code: string, from: string) =>
  ctx
    .client(undefined, from)
    .call((r) => r.user.login.code.$post({ json: { challengeToken, code } }));

/** The challenge a right password answers when a second factor is needed. */
function challengeOf(answer: { code: number; data: LoginAnswer }) {
  expect(answer.code).toBe(0);
  if (!needsSecondFactor(answer.data)) throw new Error('the login opened a session');
  expect(answer.data).not.toHaveProperty('accessToken');
  return answer.data;
}

const statusOf = (session: Session) =>
  ctx.client(session.accessToken).call((r) => r.user['two-factor'].$get());

const profileOf = (session: Pick<Session, 'accessToken' | 'userId'>) =>
  ctx
    .client(session.accessToken)
    .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }));

const setUp = (session: Session, json: { password: string; code?: string }) =>
  ctx.client(session.accessToken).call((r) => r.user['two-factor'].setup.$post({ json }));

const enable = (session: Session, code: string) =>
  ctx
    .client(session.accessToken)
    .call((r) => r.user['two-factor'].enable.$post({ json: { code } }));

const disable = (session: Session, json: { password: string; code: string }) =>
  ctx.client(session.accessToken).call((r) => r.user['two-factor'].disable.$post({ json }));

/** A seller with two-factor login turned on from the profile: its secret and recovery codes. */
async function sellerWithTwoFactor() {
  const session = await signUp(ctx);
  const setup = await setUp(session, { password: PASSWORD });
  expect(setup.code, setup.message).toBe(0);
  const enabled = await enable(session, totpCode(setup.data.secret));
  expect(enabled.code, enabled.message).toBe(0);
  return { session, secret: setup.data.secret, recoveryCodes: enabled.data.recoveryCodes };
}

describe('turning two-factor login on from the profile', () => {
  it('shows a QR code and the secret, confirms with a code and shows ten recovery codes', async () => {
    const session = await signUp(ctx);
    expect(await statusOf(session)).toMatchObject({
      code: 0,
      data: { enabled: false, required: false, recoveryCodesLeft: 0 },
    });

    const wrongPassword = await setUp(session, { password: 'NotMine123' });
    expect(wrongPassword).toMatchObject({ status: 400, message: 'Password is not valid' });

    const setup = await setUp(session, { password: PASSWORD });
    expect(setup.code).toBe(0);
    const { secret, otpauthUri, qrCode } = setup.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Spotted:${session.email}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Spotted');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Until a code confirms it, the secret is not in use: the login still opens a session.
    const before = await passwordStep(session.email, newAddress());
    expect(before.data).toHaveProperty('accessToken');

    expect(await enable(session, '000000')).toMatchObject({
      status: 400,
      message: 'The code is not right. Please try again.',
    });
    expect(await enable(session, 'abc')).toMatchObject({
      status: 400,
      message: 'Enter the 6-digit code from your authenticator app',
    });
    const enabled = await enable(session, totpCode(secret));
    expect(enabled).toMatchObject({ status: 200, code: 0, message: 'Two-factor login is on' });
    const codes = enabled.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await statusOf(session)).toMatchObject({
      data: { enabled: true, required: false, recoveryCodesLeft: 10 },
    });
  });

  it('asks for a code at login, then opens the same session as a login without one', async () => {
    const { session, secret } = await sellerWithTwoFactor();
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(session.email, from));
    expect(challenge).toMatchObject({ twoFactor: 'code' });
    expect(challenge).not.toHaveProperty('enrolment');
    expect(Date.parse(challenge.challengeExpiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);

    // The confirming code's period is used up: the next period's code is the one to type now.
    const done = await codeStep(challenge.challengeToken, totpCode(secret, 1), from);
    expect(done).toMatchObject({
      status: 200,
      code: 0,
      data: { userId: session.userId, roleId: roles.individual, email: session.email },
    });
    expect(done.data).not.toHaveProperty('recoveryCodes');
    expect((await profileOf(done.data)).code).toBe(0);
  });

  it('refuses a wrong code, a challenge it did not sign, and a challenge as a bearer token', async () => {
    const { session, secret } = await sellerWithTwoFactor();
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(session.email, from));

    const wrong = await codeStep(challenge.challengeToken, '123456', from);
    expect(wrong).toMatchObject({
      status: 401,
      message: 'The code is not right. Please try again.',
      data: null,
    });
    const forged = await codeStep(session.accessToken, totpCode(secret, 1), from);
    expect(forged).toMatchObject({
      status: 401,
      message: 'Your login has expired. Please log in again.',
    });
    const asBearer = await profileOf({
      accessToken: challenge.challengeToken,
      userId: session.userId,
    });
    expect(asBearer).toMatchObject({ status: 401, message: 'Invalid token' });
    expect(await codeStep(challenge.challengeToken, 'x', from)).toMatchObject({
      status: 400,
      message: 'The code is not right. Please try again.',
    });

    later(11);
    const expired = await codeStep(challenge.challengeToken, totpCode(secret), from);
    expect(expired).toMatchObject({
      status: 401,
      message: 'Your login has expired. Please log in again.',
    });
  });

  it('accepts a code once: the same code again is refused', async () => {
    const { session, secret } = await sellerWithTwoFactor();
    const from = newAddress();
    const code = totpCode(secret, 1);
    const first = challengeOf(await passwordStep(session.email, from));
    expect((await codeStep(first.challengeToken, code, from)).code).toBe(0);

    const second = challengeOf(await passwordStep(session.email, from));
    expect(await codeStep(second.challengeToken, code, from)).toMatchObject({
      status: 401,
      message: 'This code was already used. Please wait for the next one.',
    });
    // The code of the period that starts next works.
    later(2);
    const third = challengeOf(await passwordStep(session.email, from));
    expect((await codeStep(third.challengeToken, totpCode(secret), from)).code).toBe(0);
  });
});

describe('recovery codes', () => {
  it('open the session once each, typed with or without the dash', async () => {
    const { session, recoveryCodes } = await sellerWithTwoFactor();
    const from = newAddress();
    const [first = '', second = ''] = recoveryCodes;

    const challenge = challengeOf(await passwordStep(session.email, from));
    const done = await codeStep(challenge.challengeToken, first.toUpperCase(), from);
    expect(done).toMatchObject({ code: 0, data: { userId: session.userId } });
    expect(await statusOf(done.data)).toMatchObject({ data: { recoveryCodesLeft: 9 } });

    const again = challengeOf(await passwordStep(session.email, from));
    expect(await codeStep(again.challengeToken, first, from)).toMatchObject({
      status: 401,
      message: 'This recovery code was already used',
    });
    const undashed = second.replace('-', '');
    expect((await codeStep(again.challengeToken, undashed, from)).code).toBe(0);
  });

  it('after losing the device: log in with one, then turn two-factor login off', async () => {
    const { session, recoveryCodes } = await sellerWithTwoFactor();
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(session.email, from));
    const back = await codeStep(challenge.challengeToken, recoveryCodes[0]!, from);
    expect(back.code).toBe(0);

    expect(
      await disable(back.data, { password: 'NotMine123', code: recoveryCodes[1]! }),
    ).toMatchObject({ status: 400, message: 'Password is not valid' });
    expect(await disable(back.data, { password: PASSWORD, code: '654321' })).toMatchObject({
      status: 400,
      message: 'The code is not right. Please try again.',
    });
    expect(await disable(back.data, { password: PASSWORD, code: recoveryCodes[1]! })).toMatchObject(
      { status: 200, code: 0, message: 'Two-factor login is off' },
    );

    const plain = await passwordStep(session.email, from);
    expect(plain.data).toHaveProperty('accessToken');
    expect(await statusOf(back.data)).toMatchObject({
      data: { enabled: false, recoveryCodesLeft: 0 },
    });
    expect(await disable(back.data, { password: PASSWORD, code: '123456' })).toMatchObject({
      status: 400,
      message: 'Two-factor login is already off',
    });
  });

  it('after losing the device: log in with one, then set up a new device', async () => {
    const { session, secret: lost, recoveryCodes } = await sellerWithTwoFactor();
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(session.email, from));
    const back = await codeStep(challenge.challengeToken, recoveryCodes[0]!, from);
    expect(back.code).toBe(0);

    expect(await setUp(back.data, { password: PASSWORD })).toMatchObject({
      status: 400,
      message: 'Enter the code from your authenticator app',
    });
    const setup = await setUp(back.data, { password: PASSWORD, code: recoveryCodes[1]! });
    expect(setup.code, setup.message).toBe(0);
    const fresh = setup.data.secret;
    expect(fresh).not.toBe(lost);
    const enabled = await enable(back.data, totpCode(fresh));
    expect(enabled.data.recoveryCodes).toHaveLength(10);
    expect(enabled.data.recoveryCodes).not.toContain(recoveryCodes[2]);

    later(2);
    const next = challengeOf(await passwordStep(session.email, from));
    expect(await codeStep(next.challengeToken, totpCode(lost), from)).toMatchObject({
      status: 401,
      message: 'The code is not right. Please try again.',
    });
    expect(await codeStep(next.challengeToken, recoveryCodes[2]!, from)).toMatchObject({
      status: 401,
      message: 'The code is not right. Please try again.',
    });
    expect((await codeStep(next.challengeToken, totpCode(fresh), from)).code).toBe(0);
  });
});

it('forgets the secret and the recovery codes of a deleted account', async () => {
  const { session, recoveryCodes: codes } = await sellerWithTwoFactor();
  // With two-factor login on, deleting the account takes a code too (here a recovery code).
  const removed = await ctx
    .client(session.accessToken)
    .call((r) => r.user.remove.$post({ json: { password: PASSWORD, code: codes[0] ?? '' } }));
  expect(removed.code, removed.message).toBe(0);
  const left = async (table: typeof twoFactor | typeof recoveryCodes) =>
    (await ctx.db.select().from(table).where(eq(table.userId, session.userId))).length;
  expect(await left(twoFactor)).toBe(0);
  expect(await left(recoveryCodes)).toBe(0);
});

describe('administrators', () => {
  async function newAdmin() {
    const email = `admin.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@spotted.mt`;
    await ctx.db.insert(users).values({
      roleId: roles.admin,
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'New',
      lastName: 'Admin',
    });
    return email;
  }

  it('get no session before setting two-factor login up on their first login', async () => {
    const email = await newAdmin();
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(email, from));
    expect(challenge.twoFactor).toBe('enrol');
    const enrolment = challenge.enrolment!;
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    expect(await codeStep(challenge.challengeToken, '000000', from)).toMatchObject({
      status: 401,
      message: 'The code is not right. Please try again.',
    });
    expect(await codeStep(challenge.challengeToken, 'abcde-fghjk', from)).toMatchObject({
      status: 400,
      message: 'Enter the 6-digit code from your authenticator app',
    });
    // Logging in again before finishing gives no session either, and a new secret.
    const retried = challengeOf(await passwordStep(email, from));
    expect(retried.twoFactor).toBe('enrol');
    expect(retried.enrolment!.secret).not.toBe(enrolment.secret);
    expect(await codeStep(retried.challengeToken, totpCode(enrolment.secret), from)).toMatchObject({
      status: 401,
    });

    const secret = retried.enrolment!.secret;
    const done = await codeStep(retried.challengeToken, totpCode(secret), from);
    expect(done).toMatchObject({ code: 0, data: { roleId: roles.admin, email } });
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect((await profileOf(done.data)).code).toBe(0);

    const next = challengeOf(await passwordStep(email, from));
    expect(next.twoFactor).toBe('code');
    expect(next).not.toHaveProperty('enrolment');
    expect(await statusOf(done.data)).toMatchObject({
      data: { enabled: true, required: true, recoveryCodesLeft: 10 },
    });
  });

  it('cannot turn two-factor login off', async () => {
    const admin = await signUpAdmin(ctx);
    later(1);
    expect(
      await disable(admin, { password: PASSWORD, code: totpCode(admin.totpSecret) }),
    ).toMatchObject({ status: 403, message: 'Administrators must keep two-factor login on' });
  });
});

describe('throttling', () => {
  it('refuses codes after ten wrong ones from one address, as with passwords', async () => {
    const { session, secret } = await sellerWithTwoFactor();
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(session.email, from));
    for (let i = 0; i < 10; i++) {
      const wrong = await codeStep(challenge.challengeToken, '000000', from);
      expect(wrong.status).toBe(401);
    }
    const right = totpCode(secret, 1);
    expect(await codeStep(challenge.challengeToken, right, from)).toMatchObject({
      status: 429,
      message: 'Too many wrong codes. Please try again in 15 minutes.',
    });
    // The owner, from their own address, still logs in.
    const own = newAddress();
    const theirs = challengeOf(await passwordStep(session.email, own));
    expect((await codeStep(theirs.challengeToken, right, own)).code).toBe(0);
  });

  it('refuses codes after thirty wrong ones for one account from any addresses', async () => {
    const { session, secret } = await sellerWithTwoFactor();
    for (let i = 0; i < 3; i++) {
      const from = newAddress();
      const challenge = challengeOf(await passwordStep(session.email, from));
      for (let j = 0; j < 10; j++) await codeStep(challenge.challengeToken, '000000', from);
    }
    const from = newAddress();
    const challenge = challengeOf(await passwordStep(session.email, from));
    expect(await codeStep(challenge.challengeToken, totpCode(secret, 1), from)).toMatchObject({
      status: 429,
      message: 'Too many wrong codes. Please try again in 15 minutes.',
    });
  });
});
