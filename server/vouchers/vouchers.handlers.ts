import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import { forbidden } from '../http/errors.ts';
import type { Handler } from '../http/openapi.ts';
import { clientIp } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './vouchers.routes.ts';
import * as vouchers from './vouchers.service.ts';

export const add: Handler<typeof routes.add> = async (c) =>
  ok(
    c,
    await vouchers.addVoucher(c.var.deps.db, requireCaller(c.var).id, c.req.valid('json')),
    'Voucher created',
  );

export const active: Handler<typeof routes.active> = async (c) =>
  ok(c, await vouchers.activeVouchers(c.var.deps.db, c.req.valid('query')));

export const deactivate: Handler<typeof routes.deactivate> = async (c) => {
  await vouchers.deactivateVoucher(c.var.deps.db, requireCaller(c.var).id, c.req.valid('param').id);
  return ok(c, null, 'Voucher deactivated');
};

export const redeem: Handler<typeof routes.redeem> = async (c) => {
  const { userId, code } = c.req.valid('json');
  const caller = requireCaller(c.var);
  if (caller.id !== userId) throw forbidden('You can only redeem vouchers for your own account');
  return ok(
    c,
    await vouchers.redeem(c.var.deps.db, caller.id, code, clientIp(c)),
    messages.voucher.redeemed,
  );
};
