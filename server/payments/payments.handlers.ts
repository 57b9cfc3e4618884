import { roles } from '#shared/limits.ts';
import { requireCaller, requireSelfOrAdmin } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import * as packages from './packages.service.ts';
import * as payments from './payments.service.ts';
import type * as routes from './payments.routes.ts';
import * as transactions from './transactions.service.ts';

export const myPackages: Handler<typeof routes.myPackages> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await packages.listPackages(c.var.deps.db, payments.packageTypeFor(caller.roleId)));
};

export const companyPackages: Handler<typeof routes.companyPackages> = async (c) =>
  ok(c, await packages.listPackages(c.var.deps.db, 1, c.req.valid('query')));

export const individualPackages: Handler<typeof routes.individualPackages> = async (c) =>
  ok(c, await packages.listPackages(c.var.deps.db, 2, c.req.valid('query')));

export const addPackage: Handler<typeof routes.addPackage> = async (c) => {
  const created = await packages.addPackage(
    c.var.deps.db,
    requireCaller(c.var).id,
    c.req.valid('json'),
  );
  return ok(c, created, 'Payment package created');
};

export const updatePackage: Handler<typeof routes.updatePackage> = async (c) => {
  const updated = await packages.updatePackage(
    c.var.deps.db,
    requireCaller(c.var).id,
    c.req.valid('json'),
  );
  return ok(c, updated, 'Payment package updated');
};

export const removePackage: Handler<typeof routes.removePackage> = async (c) => {
  await packages.removePackage(c.var.deps.db, requireCaller(c.var).id, c.req.valid('param').id);
  return ok(c, null, 'Successfully removed package');
};

export const create: Handler<typeof routes.create> = async (c) => {
  const { userId, paymentId } = c.req.valid('json');
  const caller = requireCaller(c.var);
  if (caller.id !== userId) throw forbidden('Only the account holder can buy credits');
  return ok(c, await payments.createPayment(c.var.deps, caller, paymentId));
};

/** Paid answers code 0; an open or cancelled checkout answers 409 with what happened. */
function settledAnswer(state: string) {
  if (state === 'Paid') return 'Successfully processed transaction!';
  throw conflict(
    state === 'Cancelled' ? 'The payment was cancelled' : 'The payment is not completed yet',
  );
}

export const checkSession: Handler<typeof routes.checkSession> = async (c) => {
  const state = await payments.check(c.var.deps, requireCaller(c.var), c.req.valid('json'));
  return ok(c, { state }, settledAnswer(state));
};

export const checkId: Handler<typeof routes.checkId> = async (c) => {
  const state = await payments.check(c.var.deps, requireCaller(c.var), c.req.valid('param'));
  return ok(c, { state }, settledAnswer(state));
};

export const userTransactions: Handler<typeof routes.userTransactions> = async (c) => {
  const { userId } = c.req.valid('param');
  requireSelfOrAdmin(c.var, userId);
  return ok(
    c,
    await transactions.listTransactions(
      c.var.deps.db,
      transactions.byUser(userId),
      c.req.valid('json'),
    ),
  );
};

export const transaction: Handler<typeof routes.transaction> = async (c) => {
  const caller = requireCaller(c.var);
  const found = await transactions.getTransaction(c.var.deps.db, c.req.valid('param').id);
  if (found.userId !== caller.id && caller.roleId !== roles.admin)
    throw notFound('Transaction not found');
  return ok(c, found);
};

export const allTransactions: Handler<typeof routes.allTransactions> = async (c) =>
  ok(c, await transactions.listTransactions(c.var.deps.db, undefined, c.req.valid('query')));

export const transactionsOfType: Handler<typeof routes.transactionsOfType> = async (c) =>
  ok(
    c,
    await transactions.listTransactions(
      c.var.deps.db,
      transactions.byType(c.req.valid('param').type),
      c.req.valid('query'),
    ),
  );
