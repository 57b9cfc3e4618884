import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { clientIp } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import * as service from './email-confirmation.service.ts';
import type * as routes from './email-confirmation.routes.ts';

const t = messages.emailConfirmation;

export const confirmEmail: Handler<typeof routes.confirmEmail> = async (c) => {
  const done = await service.confirmEmail(c.var.deps, c.req.valid('json').token);
  return ok(c, done, done.alreadyConfirmed ? t.alreadyConfirmed : t.confirmed);
};

export const resendConfirmation: Handler<typeof routes.resendConfirmation> = async (c) => {
  const done = await service.resendConfirmation(c.var.deps, requireCaller(c.var), clientIp(c));
  return ok(c, done, done.sent ? t.linkSent : t.alreadyConfirmed);
};
