import {
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  registerCompanySchema,
  registerPrivateSchema,
  resetPasswordSchema,
  sessionSchema,
  verifyCodeSchema,
} from '#shared/schemas/auth.ts';
import { z } from '#shared/schemas/zod.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Accounts';
const registered = z.object({ id: z.number().int() });

export const registerPrivate = route({
  method: 'post',
  path: '/user/register/private',
  tag,
  operationId: 'registerIndividual',
  summary: 'Register an individual account',
  description:
    "An individual account (role 2); a few registrations an hour per address; 'Successfully registered'",
  errors: [409, 429],
  request: { body: jsonBody(registerPrivateSchema) },
  responses: responses(registered, "'Successfully registered'"),
});

export const registerCompany = route({
  method: 'post',
  path: '/user/register/company',
  tag,
  operationId: 'registerCompany',
  summary: 'Register a company account',
  description:
    "A company account (role 3), its logo as base64 JPEG, PNG, WebP or AVIF; 'Successfully registered'",
  errors: [409, 422, 429],
  request: { body: jsonBody(registerCompanySchema) },
  responses: responses(registered, "'Successfully registered'"),
});

export const login = route({
  method: 'post',
  path: '/user/login',
  tag,
  operationId: 'login',
  summary: 'Log in',
  description:
    'The session: send accessToken as `Authorization: Bearer`, and swap refreshToken for a new ' +
    "session when it expires (POST /api/user/refresh); 401 'Invalid credentials'",
  errors: [401, 429],
  request: { body: jsonBody(loginSchema) },
  responses: responses(sessionSchema, 'The new session'),
});

export const refresh = route({
  method: 'post',
  path: '/user/refresh',
  tag,
  operationId: 'refreshSession',
  summary: 'Refresh the session',
  description: 'Swap a refresh token for a new session (each refresh token works once)',
  errors: [401],
  request: { body: jsonBody(refreshSchema) },
  responses: responses(sessionSchema, 'The renewed session'),
});

export const logout = route({
  method: 'put',
  path: '/user/logout/{id}',
  tag,
  operationId: 'logout',
  summary: 'Log out',
  description: 'End the current session',
  security: bearer,
  request: { params: idParams },
  responses: responses(nothing, 'Logged out'),
});

export const forgot = route({
  method: 'post',
  path: '/user/password/forgot',
  tag,
  operationId: 'requestPasswordReset',
  summary: 'Ask for a password reset code',
  description: 'Mail a 6-digit code (valid 10 minutes, single use, 5 tries)',
  errors: [429],
  request: { body: jsonBody(forgotPasswordSchema) },
  responses: responses(nothing, "'Code sent to email'"),
});

export const verify = route({
  method: 'post',
  path: '/user/password/forgot/verify',
  tag,
  operationId: 'verifyPasswordResetCode',
  summary: 'Check a password reset code',
  description: 'Check the mailed code before asking for the new password',
  errors: [429],
  request: { body: jsonBody(verifyCodeSchema) },
  responses: responses(nothing, 'Code accepted'),
});

export const reset = route({
  method: 'post',
  path: '/user/password/forgot/update',
  tag,
  operationId: 'resetPassword',
  summary: 'Set a new password with a verified code',
  description: 'Set a new password after a verified code; ends every session',
  request: { body: jsonBody(resetPasswordSchema) },
  responses: responses(nothing, 'Password changed'),
});
