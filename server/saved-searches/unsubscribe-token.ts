import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'spotted';
// Its own audience, and no session claim: an unsubscribe token never passes as an access token.
const AUDIENCE = 'saved-search-unsubscribe';

export interface UnsubscribeClaims {
  savedSearchId: number;
  userId: number;
}

/**
 * The token of an alert e-mail's unsubscribe link, signed with the access tokens' key. It does not
 * expire (a mail read months later still unsubscribes) and can only turn that one search's alerts off.
 */
export function signUnsubscribeToken(key: Uint8Array, claims: UnsubscribeClaims) {
  return new SignJWT({ uid: claims.userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.savedSearchId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .sign(key);
}

/** The claims of a token this server signed, or null. */
export async function verifyUnsubscribeToken(
  key: Uint8Array,
  token: string,
): Promise<UnsubscribeClaims | null> {
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
  } catch {
    return null;
  }
}
