import { messages } from '#shared/messages.ts';
import { EMAIL_PATTERN } from '#shared/schemas/fields.ts';

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
