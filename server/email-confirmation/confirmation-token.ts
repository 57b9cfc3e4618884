import { linkToken } from '../auth/link-token.ts';

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_LIFETIME = '7d';
const confirmation = linkToken('email-confirmation', CONFIRMATION_LINK_LIFETIME);

export interface ConfirmationClaims {
  userId: number;
  /** The address the link was sent to: the link confirms that address only. */
  email: string;
}

/** The token of a confirmation link, valid for 7 days. */
export const signConfirmationToken = (
  key: Uint8Array,
  claims: ConfirmationClaims,
  expiresAt?: Date | string,
) => confirmation.sign(key, claims.userId, { email: claims.email }, expiresAt);

/** The claims of a confirmation token this server signed, 'expired' past its lifetime, or null. */
export async function verifyConfirmationToken(
  key: Uint8Array,
  token: string,
): Promise<ConfirmationClaims | 'expired' | null> {
  const payload = await confirmation.verify(key, token);
  if (payload === null || payload === 'expired') return payload;
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId) || typeof payload.email !== 'string') return null;
  return { userId, email: payload.email };
}
