import { messages } from '#shared/messages.ts';
import { EMAIL_PATTERN } from '#shared/schemas/fields.ts';
import { secondFactorSchema, twoFactorMessages } from '#shared/schemas/two-factor.ts';
import { firstMessage } from '#shared/schemas/zod.ts';

/** The admin login's checks in the spec's order; the first broken one, or null to log in. */
export function loginProblem(email: string, password: string): string | null {
  if (!email.trim()) return messages.login.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.login.emailInvalid;
  if (!password) return messages.login.passwordRequired;
  return null;
}

/**
 * What a failed login shows: 401 'Invalid credentials'; a throttled login (429) the server's
 * explanation, as the site's login does; anything else 'An error occurred'.
 */
export function loginFailure(error: unknown): string {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  if (status === 401) return messages.login.invalidCredentials;
  if (status === 429 && message) return message;
  return messages.common.errorOccurred;
}

/** A typed code's first broken rule (a 6-digit app code or a recovery code), or null to send it. */
export function codeProblem(code: string): string | null {
  const parsed = secondFactorSchema.shape.code.safeParse(code);
  return parsed.success ? null : firstMessage(parsed.error);
}

/**
 * What a refused code shows: the server's words (a wrong or used code, throttling), and whether
 * the login must start again from the password because its challenge expired.
 */
export function codeFailure(error: unknown): { expired: boolean; message: string } {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  const known = status !== undefined && [400, 401, 429].includes(status) && message;
  return {
    expired: status === 401 && message === twoFactorMessages.loginExpired,
    message: known ? message : messages.common.errorOccurred,
  };
}
