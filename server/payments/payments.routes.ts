import { createRoute } from '@hono/zod-openapi';
import { idParam } from '#shared/schemas/envelope.ts';
import { pageSchema } from '#shared/schemas/listing.ts';
import {
  checkTransactionSchema,
  createPaymentSchema,
  packageInputSchema,
  packageUpdateSchema,
  paymentPackageSchema,
  transactionSchema,
} from '#shared/schemas/payment.ts';
import {
  adminSorts,
  LIST_PAGE_MAX,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Payments'];
const packages = z.array(paymentPackageSchema);
const transactionPage = z.object({
  transactions: z.array(transactionSchema),
  totalCount: z.number().int(),
});
const settled = z.object({ state: z.string() });
/**
 * The admin transaction lists are paged by the spec (pageNumber, pageSize); they also take the
 * list parameters every admin list does (page, perPage, sort=date, order, ids) and still answer
 * {transactions, totalCount}.
 */
const adminPage = listQuerySchema(adminSorts.transactions)
  .omit({ q: true })
  .extend({
    pageNumber: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).optional(),
  })
  .transform(({ page, perPage, pageNumber, pageSize, order, ids }) => ({
    pageNumber: page ?? pageNumber ?? 1,
    pageSize: perPage ?? pageSize ?? ids?.length ?? 500,
    order,
    ids,
  }));

export const myPackages = createRoute({
  method: 'get',
  path: '/payment/packages',
  tags,
  summary: "The credit packages for the caller's kind of account (company or individual)",
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(packages, 'Packages, cheapest first'),
});

export const companyPackages = createRoute({
  method: 'get',
  path: '/payment/packages/company',
  tags,
  summary: 'Company packages, cheapest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.packages) },
  responses: responses(listAnswerSchema(paymentPackageSchema), 'Packages'),
});

export const individualPackages = createRoute({
  method: 'get',
  path: '/payment/packages/individual',
  tags,
  summary: 'Individual packages, cheapest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.packages) },
  responses: responses(listAnswerSchema(paymentPackageSchema), 'Packages'),
});

export const addPackage = createRoute({
  method: 'post',
  path: '/payment/packages/add',
  tags,
  summary: "Create a package (admin); 'Payment package created'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(packageInputSchema) },
  responses: responses(paymentPackageSchema, "'Payment package created'"),
});

export const updatePackage = createRoute({
  method: 'post',
  path: '/payment/packages/update',
  tags,
  summary: "Change a package (admin); 'Payment package updated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(packageUpdateSchema) },
  responses: responses(paymentPackageSchema, "'Payment package updated'"),
});

export const removePackage = createRoute({
  method: 'delete',
  path: '/payment/packages/remove/{id}',
  tags,
  summary:
    "Take a package off sale (admin); past transactions keep it; 'Successfully removed package'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Successfully removed package'"),
});

export const create = createRoute({
  method: 'post',
  path: '/payment/create',
  tags,
  summary: "Start buying a package: a 'Created' top-up and the provider's checkout address",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(createPaymentSchema) },
  responses: responses(
    z.object({ redirectUrl: z.string(), sessionId: z.string(), transactionId: z.number().int() }),
    'Where to send the payer',
  ),
});

export const checkSession = createRoute({
  method: 'post',
  path: '/payment/transaction/check',
  tags,
  summary:
    "Settle a top-up by its checkout session; 'Successfully processed transaction!' when paid",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(checkTransactionSchema) },
  responses: responses(settled, 'The top-up is paid'),
});

export const checkId = createRoute({
  method: 'post',
  path: '/payment/transaction/check/{id}',
  tags,
  summary: "Re-check a 'Created' top-up ('Check transaction')",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(settled, 'The top-up is paid'),
});

export const userTransactions = createRoute({
  method: 'post',
  path: '/payment/transactions/{userId}',
  tags,
  summary: "A user's transactions, newest first (the user or an admin)",
  security: bearer,
  middleware: [requireUser] as const,
  request: {
    params: z.object({ userId: idParam }),
    body: jsonBody(
      pageSchema.extend({ pageSize: z.coerce.number().int().min(1).max(500).default(500) }),
    ),
  },
  responses: responses(transactionPage, 'data.transactions and data.totalCount'),
});

export const transaction = createRoute({
  method: 'get',
  path: '/payment/transaction/{id}',
  tags,
  summary: 'One transaction (its owner or an admin)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(transactionSchema, 'The transaction'),
});

export const allTransactions = createRoute({
  method: 'get',
  path: '/payment/transactions/all',
  tags,
  summary: 'Every transaction, newest first (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: adminPage },
  responses: responses(transactionPage, 'A page of transactions'),
});

export const transactionsOfType = createRoute({
  method: 'get',
  path: '/payment/transactions/type/{type}',
  tags,
  summary:
    'Transactions of one type: 1 top-up, 2 bought listing, 3 voucher, 4 reserved funds, 5 promotion (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ type: z.coerce.number().int().min(1).max(8) }), query: adminPage },
  responses: responses(transactionPage, 'A page of transactions'),
});
