import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '#shared/limits.ts';
import { createTestContext, type Session, type TestContext } from '../support/context.ts';
import { signUp, signUpAdmin } from '../support/factories.ts';
import { sessions, users } from '../../server/db/schema/index.ts';
import { call } from './operations.ts';
import { isErrorEnvelope } from './world.ts';

/**
 * Forged, stale and misused bearer tokens: each one must leave the caller a visitor, so a route
 * that needs a session answers 401 with the envelope (and a public route answers as to anyone).
 */

let ctx: TestContext;
let seller: Session;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await signUp(ctx);
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload,
    signature,
  };
};
/** The seller's token with its payload changed and the original signature kept. */
const tampered = (change: (payload: JWTPayload) => JWTPayload) => {
  const { header, payload, signature } = parts(seller.accessToken);
  return `${base64url(header)}.${base64url(change(payload))}.${signature}`;
};
/** The claims of the seller's own token, signed anew (with the server's key unless given). */
const signed = (
  change: (jwt: SignJWT) => SignJWT,
  options: { key?: Uint8Array; alg?: string; claims?: JWTPayload } = {},
) => {
  const { payload } = parts(seller.accessToken);
  const { exp: _exp, iat: _iat, ...claims } = payload;
  return change(
    new SignJWT({ ...claims, ...options.claims }).setProtectedHeader({
      alg: options.alg ?? 'HS256',
    }),
  ).sign(options.key ?? ctx.deps.jwtKey);
};
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Answers `token` on a route of the seller's own (their balance) and on an admin route. */
async function refused(token: string) {
  for (const url of [`/api/user/balance/${seller.userId}`, '/api/voucher/active']) {
    const answer = await call(ctx, 'GET', url, { token });
    expect(answer.status, `${url}: ${answer.text}`).toBe(401);
    expect(isErrorEnvelope(401, answer.body)).toBe(true);
  }
  const visitor = await call(ctx, 'GET', '/api/configuration', { token });
  expect(visitor.status).toBe(200);
}

describe('bearer tokens the server did not issue as they are', () => {
  it('lets the genuine token in (the baseline of every case below)', async () => {
    const answer = await call(ctx, 'GET', `/api/user/balance/${seller.userId}`, {
      token: seller.accessToken,
    });
    expect(answer.status).toBe(200);
  });

  it.each<[string, () => Promise<string> | string]>([
    ['expired', () => signed((jwt) => jwt.setIssuedAt().setExpirationTime('-1 minute'))],
    ['without exp', () => signed((jwt) => jwt.setIssuedAt())],
    [
      'signed with another key',
      () =>
        signed((jwt) => jwt.setIssuedAt().setExpirationTime('15 minutes'), {
          key: randomBytes(32),
        }),
    ],
    [
      "signed with the server's key under HS512",
      () => signed((jwt) => jwt.setIssuedAt().setExpirationTime('15 minutes'), { alg: 'HS512' }),
    ],
    [
      'of another issuer',
      () => signed((jwt) => jwt.setIssuedAt().setExpirationTime('15 minutes').setIssuer('evil')),
    ],
    [
      'with alg none',
      () => {
        const { payload } = parts(seller.accessToken);
        return new UnsecuredJWT({ ...payload, exp: inOneHour() }).encode();
      },
    ],
    [
      'with alg none and the signature kept',
      () => {
        const { payload, signature } = parts(seller.accessToken);
        return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.${signature}`;
      },
    ],
    ['with a later exp', () => tampered((p) => ({ ...p, exp: inOneHour() * 10 }))],
    ['naming another user', () => tampered((p) => ({ ...p, sub: String(admin.userId) }))],
    ['claiming the admin role', () => tampered((p) => ({ ...p, role: roles.admin }))],
    [
      'naming another session',
      () => tampered((p) => ({ ...p, sid: parts(admin.accessToken).payload.sid })),
    ],
    ['without its signature', () => seller.accessToken.split('.').slice(0, 2).join('.') + '.'],
    ['cut short', () => seller.accessToken.slice(0, -5)],
    ['that is the refresh token', () => seller.refreshToken],
    ['that is not a JWT at all', () => 'not-a-token'],
    ['of 100 KB', () => 'a'.repeat(100_000)],
  ])('refuses a token %s', async (_, forge) => {
    await refused(await forge());
  });

  it('trusts the database, not the token, for the role: a genuinely signed admin claim is still a seller', async () => {
    const token = await signed((jwt) => jwt.setIssuedAt().setExpirationTime('15 minutes'), {
      claims: { role: roles.admin },
    });
    const own = await call(ctx, 'GET', `/api/user/balance/${seller.userId}`, { token });
    expect(own.status).toBe(200);
    const adminRoute = await call(ctx, 'GET', '/api/voucher/active', { token });
    expect(adminRoute.status).toBe(403);
    expect(isErrorEnvelope(403, adminRoute.body)).toBe(true);
  });

  it('refuses a malformed Authorization header with 401', async () => {
    for (const authorization of ['Bearer', 'Basic dXNlcjpwYXNz', `Token ${seller.accessToken}`]) {
      const answer = await call(ctx, 'GET', `/api/user/balance/${seller.userId}`, {
        headers: { authorization },
      });
      expect(answer.status, authorization).toBe(401);
      expect(isErrorEnvelope(401, answer.body)).toBe(true);
    }
  });
});

describe('tokens of sessions that ended', () => {
  it('refuses the access token of a logged-out session', async () => {
    const session = await signUp(ctx);
    await call(ctx, 'PUT', `/api/user/logout/${session.userId}`, { token: session.accessToken });
    const answer = await call(ctx, 'GET', `/api/user/balance/${session.userId}`, {
      token: session.accessToken,
    });
    expect(answer.status).toBe(401);
    expect(isErrorEnvelope(401, answer.body)).toBe(true);
  });

  it('refuses the access token of a deleted account', async () => {
    const session = await signUp(ctx);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, session.userId));
    await refusedFor(session);
  });

  it('revokes the whole family when a rotated refresh token comes back, and every token of it stops working', async () => {
    const first = await signUp(ctx);
    const refresh = (token: string) =>
      call(ctx, 'POST', '/api/user/refresh', { body: { id: first.userId, refreshToken: token } });
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    const second = (rotated.body as { data: Session }).data;
    // Past the grace a second tab gets: the old token's reuse means it leaked.
    await ctx.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, first.userId));

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(isErrorEnvelope(401, reuse.body)).toBe(true);
    await refusedFor(second);
    const afterRevocation = await refresh(second.refreshToken);
    expect(afterRevocation.status).toBe(401);
  });
});

async function refusedFor(session: Session) {
  const answer = await call(ctx, 'GET', `/api/user/balance/${session.userId}`, {
    token: session.accessToken,
  });
  expect(answer.status).toBe(401);
  expect(isErrorEnvelope(401, answer.body)).toBe(true);
}
