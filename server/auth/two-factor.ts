import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { roles } from '#shared/limits.ts';
import type { z } from '#shared/schemas/zod.ts';
import {
  isTotpCode,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  twoFactorMessages as m,
  type LoginAnswer,
  type SecondFactorAnswer,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type secondFactorSchema,
  type twoFactorDisableSchema,
  type twoFactorSetupRequestSchema,
} from '#shared/schemas/two-factor.ts';
import type { Db } from '../db/client.ts';
import { recoveryCodes, twoFactor, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../http/env.ts';
import { badRequest, forbidden, unauthorized, type ApiError } from '../http/errors.ts';
import { bucket, forget, throttle, type Bucket } from '../http/rate-limit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { issueSession } from './sessions.ts';
import { signChallengeToken, verifyChallengeToken } from './tokens.ts';

/** RFC 6238's defaults, the ones every authenticator app reads from the otpauth:// URI. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after now is accepted too: clocks drift, people type slowly. */
const WINDOW = 1;
const ISSUER = 'Spotted';
/** How long the password step's challenge waits for the code. */
const CHALLENGE_MINUTES = 5;

interface Account {
  id: number;
  roleId: number;
  email: string;
}

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code of `secret` belongs to, when it is one of the steps accepted now. */
function acceptedStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** What the authenticator app needs: the otpauth:// URI as a QR code (SVG) and the secret. */
async function setupOf(email: string, secret: string): Promise<TwoFactorSetup> {
  const otpauthUri = totpOf(secret, email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2 });
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

async function stateOf(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A new secret waiting for its first code; the one in use (if any) keeps working until then. */
async function startEnrolment(db: Db, account: Account): Promise<TwoFactorSetup> {
  // 160 bits, the key length RFC 4226 recommends for HMAC-SHA1.
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(twoFactor)
    .values({ userId: account.id, pendingSecret: secret })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { pendingSecret: secret, updatedAt: new Date() },
    });
  return setupOf(account.email, secret);
}

const newRecoveryCode = () => {
  const chars = Array.from(
    { length: RECOVERY_CODE_LENGTH },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  ).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/**
 * Makes the pending secret the one in use (its code of `step` just proved it was scanned), with
 * ten new recovery codes in place of any earlier ones. Answers the codes, shown this once.
 *
 * The codes are hashed with argon2id like passwords, since each one opens the account as a
 * password and a code together would: ten hashes at enrolment run in parallel on libuv's threads,
 * and a login checks them only when a recovery code is typed, so the cost is felt rarely.
 */
async function confirmEnrolment(db: Db, userId: number, pendingSecret: string, step: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code.replace('-', ''))));
  await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(twoFactor)
      .set({
        secret: pendingSecret,
        pendingSecret: null,
        enabledAt: new Date(),
        lastUsedStep: step,
        updatedAt: new Date(),
      })
      .where(and(eq(twoFactor.userId, userId), eq(twoFactor.pendingSecret, pendingSecret)))
      .returning({ userId: twoFactor.userId });
    // Another setup replaced the secret meanwhile: its QR code is the one to scan now.
    if (!confirmed) throw badRequest(m.notStarted);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return codes;
}

type Verdict = 'ok' | 'invalid' | 'used' | 'recoveryUsed';

/**
 * Checks a code of the secret in use, or a recovery code. A code's time step is taken only when
 * it is later than the last one taken, and a recovery code is marked used, each by one
 * conditional update: the same code sent twice at once passes once.
 */
async function verdictOn(db: Db, userId: number, secret: string, code: string): Promise<Verdict> {
  if (isTotpCode(code)) {
    const step = acceptedStep(secret, code);
    if (step === null) return 'invalid';
    const [taken] = await db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return taken ? 'ok' : 'used';
  }
  // Used codes are checked too, so a second use is told apart from a typing mistake.
  const all = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const matches = await Promise.all(all.map((row) => verifyPassword(row.codeHash, code)));
  const match = all[matches.indexOf(true)];
  if (!match) return 'invalid';
  if (match.usedAt) return 'recoveryUsed';
  const [marked] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return marked ? 'ok' : 'recoveryUsed';
}

const verdictMessages = {
  invalid: m.codeInvalid,
  used: m.codeUsed,
  recoveryUsed: m.recoveryCodeUsed,
} as const;

/** Wrong codes are throttled as wrong passwords are (server/http/rate-limit.ts's `limits`). */
const codeFailureBuckets = (userId: number, ip: string): [Bucket, ...Bucket[]] => [
  bucket('twoFactorFailuresPerAccountAndAddress', userId, ip),
  bucket('twoFactorFailuresPerAddress', ip),
  bucket('twoFactorFailuresPerAccount', userId),
];

/**
 * Runs `check` as one throttled attempt: it throws for a wrong password or code, which then
 * counts; a check that passes takes the attempt back and clears the account's failures from
 * that address, as a right password does.
 */
async function throttled<T>(deps: Deps, userId: number, ip: string, check: () => Promise<T>) {
  const buckets = codeFailureBuckets(userId, ip);
  const attempt = await throttle(deps.db, buckets, m.tooManyCodes);
  const result = await check();
  await attempt.undo();
  await forget(deps.db, buckets[0]);
  return result;
}

/** Checks a code of the secret in use, or a recovery code; failures throw `fail(message)`. */
async function requireCode(
  db: Db,
  userId: number,
  secret: string,
  code: string,
  fail: (message: string) => ApiError,
) {
  const verdict = await verdictOn(db, userId, secret, code);
  if (verdict !== 'ok') throw fail(verdictMessages[verdict]);
}

async function challenge(deps: Deps, userId: number, purpose: 'code' | 'enrol') {
  const signed = await signChallengeToken(deps.jwtKey, { userId, purpose }, CHALLENGE_MINUTES);
  return {
    twoFactor: purpose,
    challengeToken: signed.token,
    challengeExpiresAt: signed.expiresAt.toISOString(),
  };
}

/**
 * What a right password leads to: the session; or, with two-factor login on, a challenge to
 * answer with a code; or, for an administrator without it, a new secret to set up first.
 */
export async function afterPassword(deps: Deps, account: Account): Promise<LoginAnswer> {
  const state = await stateOf(deps.db, account.id);
  if (state?.secret) return challenge(deps, account.id, 'code');
  if (account.roleId === roles.admin) {
    const enrolment = await startEnrolment(deps.db, account);
    return { ...(await challenge(deps, account.id, 'enrol')), enrolment };
  }
  return issueSession(deps, account);
}

/**
 * The code step of a login: the challenge of the password step and a code (or a recovery code)
 * open the session. An administrator's enrolment takes a code of the new secret and answers the
 * recovery codes with the session.
 */
export async function completeLogin(
  deps: Deps,
  input: z.output<typeof secondFactorSchema>,
  ip: string,
): Promise<SecondFactorAnswer> {
  const claims = await verifyChallengeToken(deps.jwtKey, input.challengeToken);
  if (!claims) throw unauthorized(m.loginExpired);
  const [account] = await deps.db
    .select({ id: users.id, roleId: users.roleId, email: users.email })
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.deletedAt)));
  const state = account && (await stateOf(deps.db, account.id));
  if (!account || !state) throw unauthorized(m.loginExpired);

  if (claims.purpose === 'enrol') {
    const pending = state.pendingSecret;
    if (!pending) throw unauthorized(m.loginExpired);
    if (!isTotpCode(input.code)) throw badRequest(m.setupCodeOnly);
    const step = await throttled(deps, account.id, ip, async () => {
      const accepted = acceptedStep(pending, input.code);
      if (accepted === null) throw unauthorized(m.codeInvalid);
      return accepted;
    });
    const codes = await confirmEnrolment(deps.db, account.id, pending, step);
    return { ...(await issueSession(deps, account)), recoveryCodes: codes };
  }

  const secret = state.secret;
  if (!secret) throw unauthorized(m.loginExpired);
  await throttled(deps, account.id, ip, () =>
    requireCode(deps.db, account.id, secret, input.code, unauthorized),
  );
  return issueSession(deps, account);
}

/** Whether the caller has two-factor login on, must keep it on, and how many recovery codes remain. */
export async function statusOf(deps: Deps, caller: Caller): Promise<TwoFactorStatus> {
  const state = await stateOf(deps.db, caller.id);
  const [left] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, caller.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: Boolean(state?.secret),
    required: caller.roleId === roles.admin,
    recoveryCodesLeft: state?.secret ? (left?.n ?? 0) : 0,
  };
}

async function passwordHashOf(deps: Deps, userId: number) {
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash ?? '';
}

/**
 * Starts setting two-factor login up: a new secret for the authenticator app, in use once a code
 * of it is confirmed. Takes the password; with two-factor login already on (a new device), also
 * a code of the current one or a recovery code.
 */
export async function beginSetup(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof twoFactorSetupRequestSchema>,
  ip: string,
): Promise<TwoFactorSetup> {
  const state = await stateOf(deps.db, caller.id);
  const secret = state?.secret;
  if (secret && !input.code) throw badRequest(m.codeRequired);
  await throttled(deps, caller.id, ip, async () => {
    if (!(await verifyPassword(await passwordHashOf(deps, caller.id), input.password)))
      throw badRequest(m.passwordInvalid);
    if (secret && input.code) await requireCode(deps.db, caller.id, secret, input.code, badRequest);
  });
  return startEnrolment(deps.db, caller);
}

/** Confirms the setup with a code of the new secret; answers the recovery codes, shown once. */
export async function confirmSetup(deps: Deps, caller: Caller, code: string, ip: string) {
  const pending = (await stateOf(deps.db, caller.id))?.pendingSecret;
  if (!pending) throw badRequest(m.notStarted);
  const step = await throttled(deps, caller.id, ip, async () => {
    const accepted = acceptedStep(pending, code);
    if (accepted === null) throw badRequest(m.codeInvalid);
    return accepted;
  });
  return confirmEnrolment(deps.db, caller.id, pending, step);
}

/** Turns two-factor login off with the password and a code (or a recovery code). */
export async function turnOff(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof twoFactorDisableSchema>,
  ip: string,
) {
  if (caller.roleId === roles.admin) throw forbidden(m.requiredForAdmins);
  const secret = (await stateOf(deps.db, caller.id))?.secret;
  if (!secret) throw badRequest(m.alreadyOff);
  await throttled(deps, caller.id, ip, async () => {
    if (!(await verifyPassword(await passwordHashOf(deps, caller.id), input.password)))
      throw badRequest(m.passwordInvalid);
    await requireCode(deps.db, caller.id, secret, input.code, badRequest);
  });
  await removeTwoFactor(deps.db, caller.id);
}

/** Forgets the secret and the recovery codes (turning it off, deleting the account). */
export async function removeTwoFactor(db: Db, userId: number) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/**
 * The second factor of a sensitive step (deleting the account): nothing when two-factor login is
 * off; otherwise a code of the authenticator app or a recovery code, counted as login codes are.
 */
export async function requireSecondFactor(
  deps: Deps,
  userId: number,
  code: string | undefined,
  ip: string,
) {
  const secret = (await stateOf(deps.db, userId))?.secret;
  if (!secret) return;
  if (!code) throw badRequest(m.codeRequired);
  await throttled(deps, userId, ip, () => requireCode(deps.db, userId, secret, code, badRequest));
}
