import { createRoute } from '@hono/zod-openapi';
import { redeemSchema, voucherInputSchema, voucherSchema } from '#shared/schemas/payment.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Vouchers'];

export const add = createRoute({
  method: 'post',
  path: '/voucher/add',
  tags,
  summary: "Create a voucher with an unguessable code (admin); 'Voucher created'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(voucherInputSchema) },
  responses: responses(voucherSchema, "'Voucher created'"),
});

export const active = createRoute({
  method: 'get',
  path: '/voucher/active',
  tags,
  summary: 'Active, unexpired vouchers, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.vouchers) },
  responses: responses(listAnswerSchema(voucherSchema), 'Vouchers'),
});

export const deactivate = createRoute({
  method: 'put',
  path: '/voucher/deactivate/{id}',
  tags,
  summary: "Deactivate a voucher (admin); 'Voucher deactivated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Voucher deactivated'"),
});

export const redeem = createRoute({
  method: 'post',
  path: '/voucher/redeem',
  tags,
  summary: "Redeem a code once per user; 'Successfully redeemed code'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(redeemSchema) },
  responses: responses(
    z.object({ credits: z.number().int(), balance: z.number().int() }),
    "'Successfully redeemed code'",
  ),
});
