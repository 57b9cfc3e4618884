import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { z } from '#shared/schemas/zod.ts';
import type {
  loginSchema,
  registerCompanySchema,
  registerPrivateSchema,
  resetPasswordSchema,
} from '#shared/schemas/auth.ts';
import { configuration, passwordResets, transactionTypes, users } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import { ApiError, badRequest, conflict, tooManyRequests, unauthorized } from '../http/errors.ts';
import { hit, limit, peek } from '../http/rate-limit.ts';
import { record } from '../ledger/ledger.ts';
import { resolveCity } from '../users/cities.ts';
import { saveLogo } from '../users/logo.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { issueSession, revokeAllSessions } from './sessions.ts';
import { sha256 } from './tokens.ts';

type PrivateInput = z.output<typeof registerPrivateSchema>;
type CompanyInput = z.output<typeof registerCompanySchema>;

export const EMAIL_TAKEN = 'An account with this email already exists';

/** Creates the account and credits the configured welcome credits through the ledger. */
export async function register(deps: Deps, input: PrivateInput | CompanyInput, roleId: 2 | 3) {
  const cityId = await resolveCity(deps.db, input.city);
  const taken = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (taken.length) throw conflict(EMAIL_TAKEN);

  const company = 'cNumber' in input ? input : null;
  const imageKey = company ? await saveLogo(deps.storage, company.image) : null;
  const passwordHash = await hashPassword(input.password);

  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        roleId,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        address: input.address,
        cityId,
        phone: input.phone,
        phone2: company?.phone2 ?? '',
        phone3: company?.phone3 ?? '',
        dateOfBirth: 'dateOfBirth' in input ? input.dateOfBirth : null,
        cNumber: company?.cNumber ?? null,
        vatNumber: company?.vatNumber ?? null,
        imageKey,
        firebaseToken: input.firebaseToken || null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const user = inserted[0];
    if (!user) throw conflict(EMAIL_TAKEN);
    const [config] = await tx.select().from(configuration);
    const credits =
      roleId === roles.company
        ? (config?.welcomeCreditsCompany ?? 0)
        : (config?.welcomeCreditsIndividual ?? 0);
    if (credits > 0) {
      await record(
        tx,
        { userId: user.id, typeId: transactionTypes.welcomeCredits, state: 'Done', credits },
        'credit',
        credits,
      );
    }
    return { id: user.id };
  });
}

const LOGIN_WINDOW = 15 * 60;
const LOGIN_FAILURES_PER_EMAIL = 10;
const LOGIN_FAILURES_PER_IP = 100;

/** Checks the password; repeated failures for one address or from one IP are refused for a while. */
export async function login(deps: Deps, input: z.output<typeof loginSchema>, ip: string) {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${ip}`;
  if (
    (await peek(deps.db, emailKey, LOGIN_WINDOW)) >= LOGIN_FAILURES_PER_EMAIL ||
    (await peek(deps.db, ipKey, LOGIN_WINDOW)) >= LOGIN_FAILURES_PER_IP
  ) {
    throw tooManyRequests('Too many failed logins. Please try again in 15 minutes.');
  }
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email), isNull(users.deletedAt)));
  const valid = await verifyPassword(user?.passwordHash ?? dummyHash, input.password);
  if (!user || !valid) {
    for (const key of [emailKey, ipKey]) await hit(deps.db, key, LOGIN_WINDOW);
    throw unauthorized(messages.login.invalidCredentials);
  }
  return issueSession(deps, user);
}

const CODE_MINUTES = 10;
const CODE_TRIES = 5;

/**
 * Mails a 6-digit code. The answer is the same whether or not the address has an account, so
 * the form cannot be used to find out who is registered.
 */
export async function requestReset(deps: Deps, email: string, ip: string) {
  await limit(deps.db, [`forgot:email:${email}`], 5, 3600);
  await limit(deps.db, [`forgot:ip:${ip}`], 30, 3600);
  const [user] = await deps.db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (!user) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      codeHash: sha256(`${user.id}:${code}`),
      expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    });
  });
  try {
    await deps.mailer.send({
      to: email,
      subject: `Your Spotted code: ${code}`,
      text:
        `Hello ${user.firstName},\n\nYour code to reset your Spotted password is ${code}.\n` +
        `It works once, for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this message.\n`,
    });
  } catch (err) {
    console.error('[mail] the password reset code could not be sent:', err);
    throw new ApiError(
      503,
      'We could not send the email right now. Please try again in a few minutes.',
    );
  }
}

async function currentReset(deps: Deps, email: string) {
  const [row] = await deps.db
    .select({ reset: passwordResets, userId: users.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(sql`lower(${users.email})`, email),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return row;
}

const CODE_INVALID = 'Code is not valid or has expired';

/** Checks a code: at most five tries per code, then a new code is needed. */
export async function verifyReset(deps: Deps, email: string, code: string, ip: string) {
  await limit(deps.db, [`verify:ip:${ip}`], 50, 3600);
  const row = await currentReset(deps, email);
  if (!row) throw badRequest(CODE_INVALID);
  const [counted] = await deps.db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(eq(passwordResets.id, row.reset.id), sql`${passwordResets.attempts} < ${CODE_TRIES}`),
    )
    .returning({ attempts: passwordResets.attempts });
  if (!counted) throw tooManyRequests('Too many wrong codes. Please ask for a new code.');
  if (row.reset.codeHash !== sha256(`${row.userId}:${code}`)) throw badRequest(CODE_INVALID);
  await deps.db
    .update(passwordResets)
    .set({ verifiedAt: new Date() })
    .where(eq(passwordResets.id, row.reset.id));
}

/**
 * Sets the new password after a verified code (the screens send no code in this step; when one
 * is sent it must match too). The code is then used up and every session ends.
 */
export async function completeReset(deps: Deps, input: z.output<typeof resetPasswordSchema>) {
  const row = await currentReset(deps, input.email);
  if (!row?.reset.verifiedAt) throw badRequest('Please verify the code from your email first');
  if (input.code && row.reset.codeHash !== sha256(`${row.userId}:${input.code}`)) {
    throw badRequest(CODE_INVALID);
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, row.reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!used) throw badRequest(CODE_INVALID);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await revokeAllSessions(tx, row.userId);
  });
}
