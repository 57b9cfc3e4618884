import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

const ISSUER = 'spotted';

/**
 * Tokens of the links Spotted e-mails (an alert's unsubscribe, an address's confirmation): signed
 * with the access tokens' key, each kind under its own audience and without a session claim, so
 * that none passes for another kind or for an access token.
 */
export function linkToken(audience: string, lifetime: string) {
  return {
    lifetime,
    sign: (
      key: Uint8Array,
      subject: number,
      claims: JWTPayload,
      expiresAt: Date | string = lifetime,
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subject))
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    /** The payload of a token of this kind this server signed, 'expired' past its lifetime, or null. */
    verify: async (key: Uint8Array, token: string): Promise<JWTPayload | 'expired' | null> => {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience,
          algorithms: ['HS256'],
        });
        return payload;
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : null;
      }
    },
  };
}
