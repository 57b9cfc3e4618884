import { createRoute } from '@hono/zod-openapi';
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
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Accounts'];
const registered = z.object({ id: z.number().int() });

export const registerPrivate = createRoute({
  method: 'post',
  path: '/user/register/private',
  tags,
  summary: 'Register an individual account',
  request: { body: jsonBody(registerPrivateSchema) },
  responses: responses(registered, "'Successfully registered'"),
});

export const registerCompany = createRoute({
  method: 'post',
  path: '/user/register/company',
  tags,
  summary: 'Register a company account (logo as base64 JPEG, PNG, WebP or AVIF)',
  request: { body: jsonBody(registerCompanySchema) },
  responses: responses(registered, "'Successfully registered'"),
});

export const login = createRoute({
  method: 'post',
  path: '/user/login',
  tags,
  summary: "Log in; 401 'Invalid credentials'",
  request: { body: jsonBody(loginSchema) },
  responses: responses(sessionSchema, 'The new session'),
});

export const refresh = createRoute({
  method: 'post',
  path: '/user/refresh',
  tags,
  summary: 'Swap a refresh token for a new session (each refresh token works once)',
  request: { body: jsonBody(refreshSchema) },
  responses: responses(sessionSchema, 'The renewed session'),
});

export const logout = createRoute({
  method: 'put',
  path: '/user/logout/{id}',
  tags,
  summary: 'End the current session',
  security: bearer,
  request: { params: idParams },
  responses: responses(nothing, 'Logged out'),
});

export const forgot = createRoute({
  method: 'post',
  path: '/user/password/forgot',
  tags,
  summary: 'Mail a 6-digit code (valid 10 minutes, single use, 5 tries)',
  request: { body: jsonBody(forgotPasswordSchema) },
  responses: responses(nothing, "'Code sent to email'"),
});

export const verify = createRoute({
  method: 'post',
  path: '/user/password/forgot/verify',
  tags,
  summary: 'Check the mailed code',
  request: { body: jsonBody(verifyCodeSchema) },
  responses: responses(nothing, 'Code accepted'),
});

export const reset = createRoute({
  method: 'post',
  path: '/user/password/forgot/update',
  tags,
  summary: 'Set a new password after a verified code; ends every session',
  request: { body: jsonBody(resetPasswordSchema) },
  responses: responses(nothing, 'Password changed'),
});
