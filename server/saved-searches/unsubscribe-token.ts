import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'spotted';
// Its own audience, and no session claim: an unsubscribe token never passes as an access token.
const AUDIENCE = 'saved-search-unsubscribe';
/** How long an alert e-mail's link works: a mail read months later still unsubscribes. */
export const UNSUBSCRIBE_LINK_LIFETIME = '1y';

export interface UnsubscribeClaims {
  savedSearchId: number;
  userId: number;
}

/**
 * The token of an alert e-mail's unsubscribe link, signed with the access tokens' key. It works
 * for a year (UNSUBSCRIBE_LINK_LIFETIME) and can only turn that one search's alerts off.
 */
export function signUnsubscribeToken(
  key: Uint8Array,
  claims: UnsubscribeClaims,
  expiresAt: Date | string = UNSUBSCRIBE_LINK_LIFETIME,
) {
  return new SignJWT({ uid: claims.userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.savedSearchId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** The claims of a token this server signed, 'expired' past its lifetime, or null. */
export async function verifyUnsubscribeToken(
  key: Uint8Array,
  token: string,
): Promise<UnsubscribeClaims | 'expired' | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const savedSearchId = Number(payload.sub);
    const userId = Number(payload.uid);
    if (!Number.isInteger(savedSearchId) || !Number.isInteger(userId)) return null;
    return { savedSearchId, userId };
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : null;
  }
}
