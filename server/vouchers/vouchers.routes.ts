import { redeemSchema, voucherInputSchema, voucherSchema } from '#shared/schemas/payment.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Vouchers';

export const add = route({
  method: 'post',
  path: '/voucher/add',
  tag,
  operationId: 'addVoucher',
  summary: 'Create a voucher',
  description: "Create a voucher with an unguessable code (admin); 'Voucher created'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(voucherInputSchema) },
  responses: responses(voucherSchema, "'Voucher created'"),
});

export const active = route({
  method: 'get',
  path: '/voucher/active',
  tag,
  operationId: 'listActiveVouchers',
  summary: 'Active, unexpired vouchers, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.vouchers) },
  responses: responses(listAnswerSchema(voucherSchema), 'Vouchers'),
});

export const deactivate = route({
  method: 'put',
  path: '/voucher/deactivate/{id}',
  tag,
  operationId: 'deactivateVoucher',
  summary: 'Deactivate a voucher',
  description: "Deactivate a voucher (admin); 'Voucher deactivated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Voucher deactivated'"),
});

export const redeem = route({
  method: 'post',
  path: '/voucher/redeem',
  tag,
  operationId: 'redeemVoucher',
  summary: 'Redeem a voucher',
  description: "Redeem a code once per user; 'Successfully redeemed code'",
  errors: [409, 429],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(redeemSchema) },
  responses: responses(
    z.object({ credits: z.number().int(), balance: z.number().int() }),
    "'Successfully redeemed code'",
  ),
});
