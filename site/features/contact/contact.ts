import { contactSchema, type ContactInput } from '#shared/schemas/contact.ts';
import { firstMessage } from '#shared/schemas/zod.ts';

/**
 * The contact rules in the spec's order (empty email, email pattern, message under 10, message over
 * 500; the phone is not validated), or null when the message may be sent.
 */
export function contactProblem(input: ContactInput): string | null {
  const result = contactSchema.safeParse(input);
  return result.success ? null : firstMessage(result.error);
}
