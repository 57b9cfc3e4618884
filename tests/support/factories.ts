import { sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { needsSecondFactor } from '#shared/schemas/two-factor.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { mailQueue, users } from '../../server/db/schema/index.ts';
import type { TestContext } from './context.ts';
import { totpCode } from './two-factor.ts';

export const PASSWORD = 'Secret123';
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A 1x1 PNG, the smallest valid image, as base64. */
export const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const privatePayload = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Borg',
  email: `maria.${unique()}@example.mt`,
  address: 'Triq il-Kbira 12',
  phone: '79123456',
  password: PASSWORD,
  city: 'Sliema',
  dateOfBirth: '1990-04-12',
  firebaseToken: '',
  ...overrides,
});

export const companyPayload = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Island Motors',
  lastName: '',
  email: `sales.${unique()}@example.mt`,
  address: 'Mdina Road',
  phone: '21441234',
  phone2: '79990001',
  phone3: '',
  password: PASSWORD,
  image: tinyPng,
  city: 'Qormi',
  cNumber: '45123',
  vatNumber: '20451234',
  firebaseToken: '',
  ...overrides,
});

/**
 * Logs in through the API. With two-factor login on, `totpSecret` answers the challenge with the
 * code an authenticator app would show now; without it such a login fails.
 */
export async function login(
  ctx: TestContext,
  email: string,
  password = PASSWORD,
  totpSecret?: string,
): Promise<Session> {
  const res = await ctx.client().call((r) => r.user.login.$post({ json: { email, password } }));
  if (res.code !== 0) throw new Error(`login failed: ${res.message}`);
  if (!needsSecondFactor(res.data)) return res.data;
  if (!totpSecret) throw new Error(`login of ${email} asks for a code and no secret was given`);
  const json = { challengeToken: res.data.challengeToken, code: totpCode(totpSecret) };
  const done = await ctx.client().call((r) => r.user.login.code.$post({ json }));
  if (done.code !== 0) throw new Error(`code step failed: ${done.message}`);
  const { recoveryCodes: _shownOnce, ...session } = done.data;
  return session;
}

let addresses = 0;
/** A client address no other call of this test process has used (each test user is a person). */
export const newAddress = () => {
  addresses++;
  return `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};

/**
 * Registers through the API, from an address of its own, and logs in. The address counts as
 * confirmed, as if the welcome e-mail had come and its link was opened, unless `confirmed` is
 * false (the welcome e-mail then waits in the queue).
 */
export async function signUp(
  ctx: TestContext,
  kind: 'private' | 'company' = 'private',
  overrides = {},
  { confirmed = true } = {},
) {
  const payload =
    kind === 'private'
      ? { kind: 'private' as const, json: privatePayload(overrides) }
      : { kind: 'company' as const, json: companyPayload(overrides) };
  const res = await ctx
    .client(undefined, newAddress())
    .call((r) =>
      payload.kind === 'private'
        ? r.user.register.private.$post({ json: payload.json })
        : r.user.register.company.$post({ json: payload.json }),
    );
  if (res.code !== 0) throw new Error(`register failed: ${res.message}`);
  if (confirmed) {
    // As if the welcome e-mail came and its link was opened: the e-mail left, the address counts.
    await ctx.db
      .update(mailQueue)
      .set({ sentAt: new Date() })
      .where(
        sql`lower(${mailQueue.to}) = lower(${payload.json.email}) and ${mailQueue.sentAt} is null`,
      );
    await ctx.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(sql`${users.id} = ${res.data.id}`);
  }
  return login(ctx, payload.json.email);
}

/**
 * A new administrator, logged in: its first login sets two-factor login up (required for
 * administrators) as an authenticator app would, with the secret the password step answers.
 * `totpSecret` logs it in again (`login`).
 */
export async function signUpAdmin(ctx: TestContext): Promise<Session & { totpSecret: string }> {
  const email = `admin.${unique()}@spotted.mt`;
  await ctx.db.insert(users).values({
    roleId: roles.admin,
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Test',
    lastName: 'Admin',
    emailConfirmedAt: new Date(),
  });
  const res = await ctx
    .client()
    .call((r) => r.user.login.$post({ json: { email, password: PASSWORD } }));
  if (res.code !== 0 || !needsSecondFactor(res.data) || !res.data.enrolment)
    throw new Error(
      `an administrator's first login should set two-factor login up: ${res.message}`,
    );
  const totpSecret = res.data.enrolment.secret;
  const json = { challengeToken: res.data.challengeToken, code: totpCode(totpSecret) };
  const done = await ctx.client().call((r) => r.user.login.code.$post({ json }));
  if (done.code !== 0) throw new Error(`enrolment failed: ${done.message}`);
  const { recoveryCodes: _shownOnce, ...session } = done.data;
  return { ...session, totpSecret };
}

export async function balanceOf(ctx: TestContext, userId: number) {
  const rows = await ctx.db
    .select({ balance: users.balance })
    .from(users)
    .where(sql`${users.id} = ${userId}`);
  return rows[0]?.balance;
}
