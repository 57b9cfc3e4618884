import { linkToken } from '../auth/link-token.ts';

/** How long an alert e-mail's link works: a mail read months later still unsubscribes. */
export const UNSUBSCRIBE_LINK_LIFETIME = '1y';
const unsubscribe = linkToken('saved-search-unsubscribe', UNSUBSCRIBE_LINK_LIFETIME);

export interface UnsubscribeClaims {
  savedSearchId: number;
  userId: number;
}

/**
 * The token of an alert e-mail's unsubscribe link. It works for a year (UNSUBSCRIBE_LINK_LIFETIME)
 * and can only turn that one search's alerts off.
 */
export const signUnsubscribeToken = (
  key: Uint8Array,
  claims: UnsubscribeClaims,
  expiresAt?: Date | string,
) => unsubscribe.sign(key, claims.savedSearchId, { uid: claims.userId }, expiresAt);

/** The claims of a token this server signed, 'expired' past its lifetime, or null. */
export async function verifyUnsubscribeToken(
  key: Uint8Array,
  token: string,
): Promise<UnsubscribeClaims | 'expired' | null> {
  const payload = await unsubscribe.verify(key, token);
  if (payload === null || payload === 'expired') return payload;
  const savedSearchId = Number(payload.sub);
  const userId = Number(payload.uid);
  if (!Number.isInteger(savedSearchId) || !Number.isInteger(userId)) return null;
  return { savedSearchId, userId };
}
