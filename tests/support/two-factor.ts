import { Secret, TOTP } from 'otpauth';

/** The length of a time step of two-factor login's codes (RFC 6238's default). */
export const TOTP_PERIOD_MS = 30_000;

/**
 * The code an authenticator app shows for `secret` at `now`, or `steps` periods later (the server
 * also accepts the next period's code, for clocks that drift).
 */
export const totpCode = (secret: string, steps = 0, now = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: now + steps * TOTP_PERIOD_MS,
  });
