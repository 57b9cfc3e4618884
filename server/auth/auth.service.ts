import { rememberLoginAddress } from '../reviews/reviews.service.ts';
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
import {
  configuration,
  mailQueue,
  passwordResets,
  transactionTypes,
  users,
} from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../http/errors.ts';
import { bucket, forget, throttle } from '../http/rate-limit.ts';
import { record } from '../ledger/ledger.ts';
import { resolveCity } from '../users/cities.ts';
import { queueWelcomeMail } from '../email-confirmation/email-confirmation.service.ts';
import { withFiles } from '../storage/storage.ts';
import { prepareLogo } from '../users/logo.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.ts';
import { sha256 } from './tokens.ts';
import { afterPassword } from './two-factor.ts';

type PrivateInput = z.output<typeof registerPrivateSchema>;
type CompanyInput = z.output<typeof registerCompanySchema>;

export const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Creates the account, credits the configured welcome credits through the ledger and queues the
 * welcome e-mail with its confirmation link; `confirmed` (the demo data) skips the e-mail.
 */
export async function register(
  deps: Deps,
  input: PrivateInput | CompanyInput,
  roleId: 2 | 3,
  { confirmed = false } = {},
) {
  const cityId = await resolveCity(deps.db, input.city);
  const taken = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (taken.length) throw conflict(EMAIL_TAKEN);

  const company = 'cNumber' in input ? input : null;
  const logo = company ? await prepareLogo(company.image) : null;
  const passwordHash = await hashPassword(input.password);

  return withFiles(deps.storage, logo ? [logo] : [], () =>
    deps.db.transaction(async (tx) => {
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
          imageKey: logo?.key ?? null,
          firebaseToken: input.firebaseToken || null,
          emailConfirmedAt: confirmed ? new Date() : null,
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
      if (!confirmed)
        await queueWelcomeMail(tx, deps, {
          ...user,
          email: input.email,
          firstName: input.firstName,
        });
      return { id: user.id };
    }),
  );
}

const TOO_MANY_LOGINS = 'Too many failed logins. Please try again in 15 minutes.';

/**
 * Checks the password. Failures count per account and address together, and per address: an
 * attacker guessing from one address is refused after a few tries while the owner, from their own
 * address, still logs in. A correct password clears that account's failures from that address.
 * With two-factor login on (or required), the answer is a challenge for the code, not a session.
 */
export async function login(deps: Deps, input: z.output<typeof loginSchema>, ip: string) {
  const pair = bucket('loginFailuresPerAccountAndAddress', input.email, ip);
  const attempt = await throttle(
    deps.db,
    [pair, bucket('loginFailuresPerAddress', ip)],
    TOO_MANY_LOGINS,
  );
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email), isNull(users.deletedAt)));
  const valid = await verifyPassword(user?.passwordHash ?? dummyHash, input.password);
  if (!user || !valid) throw unauthorized(messages.login.invalidCredentials);
  await attempt.undo();
  await forget(deps.db, pair);
  await rememberLoginAddress(deps.db, user.id, ip);
  return afterPassword(deps, user);
}

/** Registration attempts from one address (REGISTRATIONS_PER_HOUR), refused with 429 past it. */
export async function throttleRegistration(deps: Deps, ip: string) {
  await throttle(deps.db, [
    { ...bucket('registrationsPerAddress', ip), max: deps.config.REGISTRATIONS_PER_HOUR },
  ]);
}

const CODE_MINUTES = 10;
const CODE_TRIES = 5;

/**
 * Mails a 6-digit code. The answer is the same, and takes the same time, whether or not the
 * address has an account, so the form cannot be used to find out who is registered: one
 * statement replaces any earlier code and queues the e-mail when the account exists and does
 * nothing otherwise, and the mail job sends the e-mail after the answer.
 */
export async function requestReset(deps: Deps, email: string, ip: string) {
  await throttle(deps.db, [
    bucket('resetRequestsPerAccount', email),
    bucket('resetRequestsPerAddress', ip),
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_MINUTES * 60_000);
  const text =
    `Your code to reset your Spotted password is ${code}.\n` +
    `It works once, for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this message.\n`;
  await deps.db.execute(sql`
    with account as (
      select ${users.id} as id, ${users.firstName} as first_name from ${users}
      where lower(${users.email}) = ${email} and ${users.deletedAt} is null
    ), replaced as (
      update ${passwordResets} set used_at = now()
      where ${passwordResets.userId} in (select id from account) and ${passwordResets.usedAt} is null
    ), issued as (
      insert into ${passwordResets} (user_id, code_hash, expires_at)
      select id, encode(sha256(convert_to(id::text || ':' || ${code}::text, 'UTF8')), 'hex'),
             ${expiresAt.toISOString()}::timestamptz
      from account
    )
    insert into ${mailQueue} ("to", subject, text)
    select ${email}::text, ${`Your Spotted code: ${code}`}::text,
           'Hello ' || first_name || ${`,\n\n${text}`}::text
    from account`);
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
  await throttle(deps.db, [bucket('resetCodesPerAddress', ip)]);
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
