import { conversationTexts } from '#shared/schemas/conversation.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import * as queries from './conversations.queries.ts';
import type * as routes from './conversations.routes.ts';
import * as conversations from './conversations.service.ts';
import * as reports from './reports.service.ts';

export const inbox: Handler<typeof routes.inbox> = async (c) =>
  ok(c, await queries.inbox(c.var.deps.db, requireCaller(c.var).id));

export const start: Handler<typeof routes.start> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await conversations.start(c.var.deps, caller.id, c.req.valid('json')));
};

export const unreadCount: Handler<typeof routes.unreadCount> = async (c) =>
  ok(c, { count: await queries.unreadCount(c.var.deps.db, requireCaller(c.var).id) });

export const startInfo: Handler<typeof routes.startInfo> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await queries.startInfo(c.var.deps.db, caller.id, c.req.valid('param').carId));
};

export const get: Handler<typeof routes.get> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await queries.conversation(c.var.deps.db, caller.id, c.req.valid('param').id));
};

export const messages: Handler<typeof routes.messages> = async (c) => {
  const caller = requireCaller(c.var);
  const { id } = c.req.valid('param');
  return ok(c, await queries.messagesOf(c.var.deps.db, caller.id, id, c.req.valid('query').after));
};

export const reply: Handler<typeof routes.reply> = async (c) => {
  const caller = requireCaller(c.var);
  const { id } = c.req.valid('param');
  return ok(c, await conversations.reply(c.var.deps, caller.id, id, c.req.valid('json').text));
};

export const markRead: Handler<typeof routes.markRead> = async (c) => {
  await conversations.markRead(c.var.deps.db, requireCaller(c.var).id, c.req.valid('param').id);
  return ok(c, null);
};

export const block: Handler<typeof routes.block> = async (c) => {
  await conversations.block(c.var.deps.db, requireCaller(c.var).id, c.req.valid('param').id);
  return ok(c, null);
};

export const unblock: Handler<typeof routes.unblock> = async (c) => {
  await conversations.unblock(c.var.deps.db, requireCaller(c.var).id, c.req.valid('param').id);
  return ok(c, null);
};

export const reportConversation: Handler<typeof routes.reportConversation> = async (c) => {
  const caller = requireCaller(c.var);
  const { id } = c.req.valid('param');
  await conversations.report(c.var.deps.db, caller.id, id, c.req.valid('json'));
  return ok(c, null, conversationTexts.reported);
};

export const listReports: Handler<typeof routes.reports> = async (c) =>
  ok(c, await reports.listReports(c.var.deps.db));

export const report: Handler<typeof routes.report> = async (c) =>
  ok(c, await reports.reportDetail(c.var.deps.db, c.req.valid('param').id));

export const resolveReport: Handler<typeof routes.resolveReport> = async (c) => {
  const admin = requireCaller(c.var);
  return ok(c, await reports.resolveReport(c.var.deps.db, admin.id, c.req.valid('param').id));
};
