import { messages } from '#shared/messages.ts';
import { secondFactorSchema, twoFactorMessages } from '#shared/schemas/two-factor.ts';
import { firstMessage } from '#shared/schemas/zod.ts';

/** The first broken rule of a typed code (app code or recovery code), or null to send it. */
export function codeProblem(code: string): string | null {
  const parsed = secondFactorSchema.shape.code.safeParse(code);
  return parsed.success ? null : firstMessage(parsed.error);
}

/** What a refused code shows: the server's words for a rule, a code or throttling. */
export function codeFailure(res: { status: number; message: string }): string {
  if ([400, 401, 403, 429].includes(res.status) && res.message) return res.message;
  return messages.common.errorOccurred;
}

/** Whether the login must start again from the password (the challenge expired). */
export const loginExpired = (res: { status: number; message: string }) =>
  res.status === 401 && res.message === twoFactorMessages.loginExpired;

/** The recovery codes as a text file's lines, to save or print. */
export const recoveryCodesText = (codes: string[]) =>
  `Spotted recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
