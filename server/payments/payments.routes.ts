import { idParam, pageNumber, pageSize, paging } from '#shared/schemas/envelope.ts';
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
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Payments';
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
    pageNumber: pageNumber.optional(),
    pageSize: pageSize(LIST_PAGE_MAX).optional(),
  })
  .transform(({ page, perPage, pageNumber, pageSize, order, ids }) => ({
    pageNumber: page ?? pageNumber ?? 1,
    pageSize: perPage ?? pageSize ?? ids?.length ?? 500,
    order,
    ids,
  }));

export const myPackages = route({
  method: 'get',
  path: '/payment/packages',
  tag,
  operationId: 'listOwnPackages',
  summary: 'List the credit packages',
  description: "The credit packages for the caller's kind of account (company or individual)",
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(packages, 'Packages, cheapest first'),
});

export const companyPackages = route({
  method: 'get',
  path: '/payment/packages/company',
  tag,
  operationId: 'listCompanyPackages',
  summary: 'Company packages, cheapest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.packages) },
  responses: responses(listAnswerSchema(paymentPackageSchema), 'Packages'),
});

export const individualPackages = route({
  method: 'get',
  path: '/payment/packages/individual',
  tag,
  operationId: 'listIndividualPackages',
  summary: 'Individual packages, cheapest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.packages) },
  responses: responses(listAnswerSchema(paymentPackageSchema), 'Packages'),
});

export const addPackage = route({
  method: 'post',
  path: '/payment/packages/add',
  tag,
  operationId: 'addPackage',
  summary: 'Create a package',
  description: "Create a package (admin); 'Payment package created'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(packageInputSchema) },
  responses: responses(paymentPackageSchema, "'Payment package created'"),
});

export const updatePackage = route({
  method: 'post',
  path: '/payment/packages/update',
  tag,
  operationId: 'updatePackage',
  summary: 'Change a package',
  description: "Change a package (admin); 'Payment package updated'",
  errors: [404],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(packageUpdateSchema) },
  responses: responses(paymentPackageSchema, "'Payment package updated'"),
});

export const removePackage = route({
  method: 'delete',
  path: '/payment/packages/remove/{id}',
  tag,
  operationId: 'removePackage',
  summary: 'Take a package off sale',
  description:
    "Take a package off sale (admin); past transactions keep it; 'Successfully removed package'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Successfully removed package'"),
});

export const create = route({
  method: 'post',
  path: '/payment/create',
  tag,
  operationId: 'createPayment',
  summary: 'Start buying a package',
  description: "Start buying a package: a 'Created' top-up and the provider's checkout address",
  errors: [404],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(createPaymentSchema) },
  responses: responses(
    z.object({ redirectUrl: z.string(), sessionId: z.string(), transactionId: z.number().int() }),
    'Where to send the payer',
  ),
});

export const checkSession = route({
  method: 'post',
  path: '/payment/transaction/check',
  tag,
  operationId: 'checkPaymentSession',
  summary: 'Settle a top-up by its session',
  description:
    "Settle a top-up by its checkout session; 'Successfully processed transaction!' when paid",
  errors: [404, 409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(checkTransactionSchema) },
  responses: responses(settled, 'The top-up is paid'),
});

export const checkId = route({
  method: 'post',
  path: '/payment/transaction/check/{id}',
  tag,
  operationId: 'checkPayment',
  summary: 'Re-check a top-up',
  description: "Re-check a 'Created' top-up ('Check transaction')",
  errors: [409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(settled, 'The top-up is paid'),
});

export const userTransactions = route({
  method: 'post',
  path: '/payment/transactions/{userId}',
  tag,
  operationId: 'listUserTransactions',
  summary: "List a user's transactions",
  description: "A user's transactions, newest first (the user or an admin)",
  security: bearer,
  middleware: [requireUser] as const,
  request: {
    params: z.object({ userId: idParam }),
    body: jsonBody(paging({ max: 500, size: 500 })),
  },
  responses: responses(transactionPage, 'data.transactions and data.totalCount'),
});

export const transaction = route({
  method: 'get',
  path: '/payment/transaction/{id}',
  tag,
  operationId: 'getTransaction',
  summary: 'Get a transaction',
  description: 'One transaction (its owner or an admin)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(transactionSchema, 'The transaction'),
});

export const allTransactions = route({
  method: 'get',
  path: '/payment/transactions/all',
  tag,
  operationId: 'listTransactions',
  summary: 'List every transaction',
  description: 'Every transaction, newest first (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: adminPage },
  responses: responses(transactionPage, 'A page of transactions'),
});

export const transactionsOfType = route({
  method: 'get',
  path: '/payment/transactions/type/{type}',
  tag,
  operationId: 'listTransactionsOfType',
  summary: 'List the transactions of a type',
  description:
    'Transactions of one type: 1 top-up, 2 bought listing, 3 voucher, 4 reserved funds, 5 promotion (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ type: z.coerce.number().int().min(1).max(8) }), query: adminPage },
  responses: responses(transactionPage, 'A page of transactions'),
});
