import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'spotted';
// Its own audience, and no session claim: a confirmation token never passes as an access token.
const AUDIENCE = 'email-confirmation';
/** How long a confirmation link works. */
export const CONFIRMATION_LINK_LIFETIME = '7d';

export interface ConfirmationClaims {
  userId: number;
  /** The address the link was sent to: the link confirms that address only. */
  email: string;
}

/** The token of a confirmation link, signed with the access tokens' key, valid for 7 days. */
export function signConfirmationToken(
  key: Uint8Array,
  claims: ConfirmationClaims,
  expiresAt: Date | string = CONFIRMATION_LINK_LIFETIME,
) {
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** The claims of a confirmation token this server signed, 'expired' past its lifetime, or null. */
export async function verifyConfirmationToken(
  key: Uint8Array,
  token: string,
): Promise<ConfirmationClaims | 'expired' | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.email !== 'string') return null;
    return { userId, email: payload.email };
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : null;
  }
}
