import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { twoFactorMessages } from '#shared/schemas/two-factor.ts';
import type { Handler } from '../http/openapi.ts';
import { clientIp } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import { getSessionUser } from '../users/users.service.ts';
import * as auth from './auth.service.ts';
import type * as routes from './auth.routes.ts';
import { requireCaller, requireSelfOrAdmin } from './guard.ts';
import { revokeFamily, rotate } from './sessions.ts';
import * as twoFactor from './two-factor.ts';

export const registerPrivate: Handler<typeof routes.registerPrivate> = async (c) => {
  await auth.throttleRegistration(c.var.deps, clientIp(c));
  const user = await auth.register(c.var.deps, c.req.valid('json'), roles.individual);
  return ok(c, user, messages.register.success);
};

export const registerCompany: Handler<typeof routes.registerCompany> = async (c) => {
  await auth.throttleRegistration(c.var.deps, clientIp(c));
  const user = await auth.register(c.var.deps, c.req.valid('json'), roles.company);
  return ok(c, user, messages.register.success);
};

export const login: Handler<typeof routes.login> = async (c) =>
  ok(c, await auth.login(c.var.deps, c.req.valid('json'), clientIp(c)));

export const loginCode: Handler<typeof routes.loginCode> = async (c) =>
  ok(c, await twoFactor.completeLogin(c.var.deps, c.req.valid('json'), clientIp(c)));

export const twoFactorStatus: Handler<typeof routes.twoFactorStatus> = async (c) =>
  ok(c, await twoFactor.statusOf(c.var.deps, requireCaller(c.var)));

export const twoFactorSetup: Handler<typeof routes.twoFactorSetup> = async (c) =>
  ok(
    c,
    await twoFactor.beginSetup(c.var.deps, requireCaller(c.var), c.req.valid('json'), clientIp(c)),
  );

export const twoFactorEnable: Handler<typeof routes.twoFactorEnable> = async (c) => {
  const { code } = c.req.valid('json');
  const codes = await twoFactor.confirmSetup(c.var.deps, requireCaller(c.var), code, clientIp(c));
  return ok(c, { recoveryCodes: codes }, twoFactorMessages.turnedOn);
};

export const twoFactorDisable: Handler<typeof routes.twoFactorDisable> = async (c) => {
  await twoFactor.turnOff(c.var.deps, requireCaller(c.var), c.req.valid('json'), clientIp(c));
  return ok(c, null, twoFactorMessages.turnedOff);
};

export const refresh: Handler<typeof routes.refresh> = async (c) => {
  const { id, refreshToken } = c.req.valid('json');
  return ok(
    c,
    await rotate(c.var.deps, id, refreshToken, (userId) => getSessionUser(c.var.deps, userId)),
  );
};

export const logout: Handler<typeof routes.logout> = async (c) => {
  const caller = requireSelfOrAdmin(c.var, c.req.valid('param').id);
  await revokeFamily(c.var.deps.db, caller.sessionFamily);
  return ok(c, null);
};

export const forgot: Handler<typeof routes.forgot> = async (c) => {
  await auth.requestReset(c.var.deps, c.req.valid('json').email, clientIp(c));
  return ok(c, null, messages.forgotPassword.codeSent);
};

export const verify: Handler<typeof routes.verify> = async (c) => {
  const { email, code } = c.req.valid('json');
  await auth.verifyReset(c.var.deps, email, code, clientIp(c));
  return ok(c, null, 'Code verified');
};

export const reset: Handler<typeof routes.reset> = async (c) => {
  await auth.completeReset(c.var.deps, c.req.valid('json'));
  return ok(c, null, messages.profile.passwordChanged);
};
