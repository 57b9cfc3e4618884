import { changePasswordSchema } from '#shared/schemas/auth.ts';
import { accountDeletionSchema } from '#shared/schemas/privacy.ts';
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
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Accounts';

export const all = route({
  method: 'get',
  path: '/user/all',
  tag,
  operationId: 'listUsers',
  summary: 'Every account, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.users) },
  responses: responses(listAnswerSchema(userRowSchema), 'Users'),
});

export const getUser = route({
  method: 'get',
  path: '/user/{id}',
  tag,
  operationId: 'getUser',
  summary: 'Get a user',
  description: 'The full user (the user themself or an admin)',
  security: bearer,
  request: { params: idParams },
  responses: responses(userSchema, 'The user'),
});

export const getSeller = route({
  method: 'get',
  path: '/user/info/{id}',
  tag,
  operationId: 'getSeller',
  summary: "A seller's public contact data",
  description:
    'The contact block of an account with a live listing, as its listing pages show it; any ' +
    'other account answers 404, except to itself and to administrators (send the bearer token).',
  request: { params: idParams },
  responses: responses(sellerSchema, 'The seller'),
});

export const update = route({
  method: 'post',
  path: '/user/update',
  tag,
  operationId: 'updateProfile',
  summary: 'Update the profile',
  description: 'Update the profile (email, role, C and VAT numbers are read-only)',
  errors: [422],
  security: bearer,
  request: { body: jsonBody(userUpdateSchema) },
  responses: responses(userSchema, "'Updated user successfully'"),
});

export const changePassword = route({
  method: 'post',
  path: '/user/password/update',
  tag,
  operationId: 'changePassword',
  summary: 'Change the password',
  description: 'Change the password; every other session ends',
  security: bearer,
  request: { body: jsonBody(changePasswordSchema) },
  responses: responses(nothing, "'Changed password successfully'"),
});

export const balance = route({
  method: 'get',
  path: '/user/balance/{id}',
  tag,
  operationId: 'getBalance',
  summary: 'Get a credit balance',
  description: 'The credit balance (the user themself or an admin)',
  security: bearer,
  request: { params: idParams },
  responses: responses(balanceSchema, 'The balance in credits'),
});

export const remove = route({
  method: 'post',
  path: '/user/remove',
  tag,
  operationId: 'deleteAccount',
  summary: 'Delete the account',
  description:
    'Delete the account with its password, and a code of the authenticator app (or a recovery ' +
    'code) when two-factor login is on: personal data erased, listings withdrawn, photos ' +
    "removed, every session ended. Conversations stay for the other party, from 'Former user'; " +
    'the ledger keeps its rows. Wrong codes count as at login (429 past the limit).',
  errors: [429],
  security: bearer,
  request: { body: jsonBody(accountDeletionSchema) },
  responses: responses(nothing, "'Deleted account successfully'"),
});
