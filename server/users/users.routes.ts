import { createRoute } from '@hono/zod-openapi';
import { changePasswordSchema, deleteAccountSchema } from '#shared/schemas/auth.ts';
import {
  balanceSchema,
  sellerSchema,
  userRowSchema,
  userSchema,
  userUpdateSchema,
} from '#shared/schemas/user.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Accounts'];

export const all = createRoute({
  method: 'get',
  path: '/user/all',
  tags,
  summary: 'Every account, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.users) },
  responses: responses(listAnswerSchema(userRowSchema), 'Users'),
});

export const getUser = createRoute({
  method: 'get',
  path: '/user/{id}',
  tags,
  summary: 'The full user (the user themself or an admin)',
  security: bearer,
  request: { params: idParams },
  responses: responses(userSchema, 'The user'),
});

export const getSeller = createRoute({
  method: 'get',
  path: '/user/info/{id}',
  tags,
  summary: "A seller's public contact data",
  description:
    'The contact block of an account with a live listing, as its listing pages show it; any ' +
    'other account answers 404, except to itself and to administrators.',
  request: { params: idParams },
  responses: responses(sellerSchema, 'The seller'),
});

export const update = createRoute({
  method: 'post',
  path: '/user/update',
  tags,
  summary: 'Update the profile (email, role, C and VAT numbers are read-only)',
  security: bearer,
  request: { body: jsonBody(userUpdateSchema) },
  responses: responses(userSchema, "'Updated user successfully'"),
});

export const changePassword = createRoute({
  method: 'post',
  path: '/user/password/update',
  tags,
  summary: 'Change the password; every other session ends',
  security: bearer,
  request: { body: jsonBody(changePasswordSchema) },
  responses: responses(nothing, "'Changed password successfully'"),
});

export const balance = createRoute({
  method: 'get',
  path: '/user/balance/{id}',
  tags,
  summary: 'The credit balance (the user themself or an admin)',
  security: bearer,
  request: { params: idParams },
  responses: responses(balanceSchema, 'The balance in credits'),
});

export const remove = createRoute({
  method: 'post',
  path: '/user/remove',
  tags,
  summary: 'Delete the account: personal data erased, listings taken down',
  security: bearer,
  request: { body: jsonBody(deleteAccountSchema) },
  responses: responses(nothing, "'Deleted account successfully'"),
});
