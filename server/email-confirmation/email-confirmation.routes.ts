import { confirmEmailSchema, emailConfirmedSchema } from '#shared/schemas/email-confirmation.ts';
import { z } from '#shared/schemas/zod.ts';
import { bearer, jsonBody, responses, route } from '../http/openapi.ts';

const tag = 'Accounts';

export const confirmEmail = route({
  method: 'post',
  path: '/user/email/confirm',
  tag,
  operationId: 'confirmEmail',
  summary: 'Confirm an e-mail address',
  description:
    'The token of the link in the welcome e-mail (valid 7 days) confirms that address; no session ' +
    "needed. A second confirmation answers the first one's time with `alreadyConfirmed`. An " +
    'expired or invalid token answers 400.',
  request: { body: jsonBody(confirmEmailSchema) },
  responses: responses(emailConfirmedSchema, "'Your e-mail address is confirmed'"),
});

export const resendConfirmation = route({
  method: 'post',
  path: '/user/email/confirmation',
  tag,
  operationId: 'resendEmailConfirmation',
  summary: 'Send the confirmation link again',
  description:
    "Mails the caller a new confirmation link ('We sent you a new confirmation link'); nothing " +
    'when the address is already confirmed (`sent: false`). A few an hour (429 past it).',
  errors: [429],
  security: bearer,
  responses: responses(z.object({ sent: z.boolean() }), 'Whether a link was sent'),
});
