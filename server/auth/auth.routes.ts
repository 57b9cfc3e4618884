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
import {
  loginAnswerSchema,
  recoveryCodesSchema,
  secondFactorAnswerSchema,
  secondFactorSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '#shared/schemas/two-factor.ts';
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
    "session when it expires (POST /api/user/refresh); 401 'Invalid credentials'. With " +
    'two-factor login on, a challenge instead (`twoFactor: "code"`): send its challengeToken ' +
    'and a code to POST /api/user/login/code within 5 minutes. An administrator without ' +
    'two-factor login gets `twoFactor: "enrol"` and the secret to set up first (`enrolment`).',
  errors: [401, 429],
  request: { body: jsonBody(loginSchema) },
  responses: responses(loginAnswerSchema, 'The new session, or the challenge of a second factor'),
});

export const loginCode = route({
  method: 'post',
  path: '/user/login/code',
  tag,
  operationId: 'loginWithCode',
  summary: 'Log in: the second factor',
  description:
    'The code of the authenticator app (or a recovery code, each once) with the challenge of ' +
    'POST /api/user/login opens the session. Each code works once. Enrolment takes a code of ' +
    'the new secret and also answers the ten recovery codes, shown this once.',
  errors: [401, 429],
  request: { body: jsonBody(secondFactorSchema) },
  responses: responses(secondFactorAnswerSchema, 'The new session'),
});

export const twoFactorStatus = route({
  method: 'get',
  path: '/user/two-factor',
  tag,
  operationId: 'getTwoFactorStatus',
  summary: 'Two-factor login: status',
  description:
    'Whether two-factor login is on, required (administrators), and the recovery codes left',
  security: bearer,
  responses: responses(twoFactorStatusSchema, 'The status'),
});

export const twoFactorSetup = route({
  method: 'post',
  path: '/user/two-factor/setup',
  tag,
  operationId: 'setUpTwoFactor',
  summary: 'Two-factor login: start setting up',
  description:
    'A new secret for the authenticator app (QR code, otpauth:// URI, the secret to type in), in ' +
    'use once confirmed. Takes the password; when two-factor login is on (a new device), also a ' +
    'code or a recovery code.',
  errors: [429],
  security: bearer,
  request: { body: jsonBody(twoFactorSetupRequestSchema) },
  responses: responses(twoFactorSetupSchema, 'The secret to set up'),
});

export const twoFactorEnable = route({
  method: 'post',
  path: '/user/two-factor/enable',
  tag,
  operationId: 'enableTwoFactor',
  summary: 'Two-factor login: confirm and turn on',
  description:
    'A code of the new secret turns two-factor login on and answers ten recovery codes, shown ' +
    'this once (they replace any earlier ones)',
  errors: [429],
  security: bearer,
  request: { body: jsonBody(twoFactorEnableSchema) },
  responses: responses(recoveryCodesSchema, "'Two-factor login is on'"),
});

export const twoFactorDisable = route({
  method: 'post',
  path: '/user/two-factor/disable',
  tag,
  operationId: 'disableTwoFactor',
  summary: 'Two-factor login: turn off',
  description:
    'The password and a code (or a recovery code) turn two-factor login off; administrators ' +
    'must keep it on (403)',
  errors: [429],
  security: bearer,
  request: { body: jsonBody(twoFactorDisableSchema) },
  responses: responses(nothing, "'Two-factor login is off'"),
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
