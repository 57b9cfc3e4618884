import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  roleId: number;
  email: string;
  sessionFamily: string;
}

const ISSUER = 'spotted';

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, minutes: number) {
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  const token = await new SignJWT({
    role: claims.roleId,
    email: claims.email,
    sid: claims.sessionFamily,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    // A token that never expires is not one this server signs: `exp` is required.
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string')
      return { ok: false, expired: false };
    return {
      ok: true,
      claims: {
        userId,
        roleId: Number(payload.role),
        email: String(payload.email ?? ''),
        sessionFamily: payload.sid,
      },
    };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}

/** What a login challenge stands for: the password was right; `purpose` says what comes next. */
export interface ChallengeClaims {
  userId: number;
  purpose: 'code' | 'enrol';
}

// An issuer of its own, so a challenge is never taken for an access token, nor the reverse.
const CHALLENGE_ISSUER = 'spotted:two-factor';

/** The signed, short-lived challenge between a login's password step and its code step. */
export async function signChallengeToken(
  key: Uint8Array,
  claims: ChallengeClaims,
  minutes: number,
) {
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  const token = await new SignJWT({ purpose: claims.purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(CHALLENGE_ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

/** The claims of a challenge this server signed and that has not expired, or null. */
export async function verifyChallengeToken(
  key: Uint8Array,
  token: string,
): Promise<ChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: CHALLENGE_ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const userId = Number(payload.sub);
    const { purpose } = payload;
    if (!Number.isInteger(userId) || (purpose !== 'code' && purpose !== 'enrol')) return null;
    return { userId, purpose };
  } catch {
    return null;
  }
}

/** An opaque refresh token; only its SHA-256 is stored. */
export function newRefreshToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const newSessionFamily = () => randomUUID();

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
