import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { clientIp } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './contact.routes.ts';
import * as contact from './contact.service.ts';

export const send: Handler<typeof routes.send> = async (c) => {
  const sent = await contact.sendMessage(c.var.deps.db, c.req.valid('json'), {
    userId: c.var.caller?.id ?? null,
    ip: clientIp(c),
  });
  return ok(c, sent, messages.contact.sent);
};

export const list: Handler<typeof routes.messages> = async (c) =>
  ok(c, await contact.listMessages(c.var.deps.db, c.req.valid('query')));

export const reply: Handler<typeof routes.reply> = async (c) => {
  const admin = requireCaller(c.var);
  const answered = await contact.replyToMessage(c.var.deps.db, admin.id, c.req.valid('json'));
  return ok(c, answered, messages.admin.replied);
};
