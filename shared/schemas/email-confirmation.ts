import { z } from './zod.ts';

/** The token of an e-mail confirmation link, as the confirmation page sends it back. */
export const confirmEmailSchema = z
  .object({ token: z.string().trim().min(1).max(2000) })
  .meta({ id: 'ConfirmEmail' });

/** What a confirmation did: confirmed now, or found the address already confirmed. */
export const emailConfirmedSchema = z
  .object({ emailConfirmedAt: z.string(), alreadyConfirmed: z.boolean() })
  .meta({ id: 'EmailConfirmed' });
