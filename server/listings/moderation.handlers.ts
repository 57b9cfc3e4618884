import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { ListQuery } from '#shared/schemas/list.ts';
import type { Deps } from '../deps.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { badRequest } from '../http/errors.ts';
import { requestDetails } from './listings.service.ts';
import { moderationList, type CardSort, type ModerationList } from './moderation.queries.ts';
import * as moderation from './moderation.service.ts';
import type * as routes from './moderation.routes.ts';

const m = messages.moderation;

const list = (c: { var: { deps: Deps } }, name: ModerationList, query: ListQuery<CardSort>) =>
  moderationList(c.var.deps, name, query);

export const requests: Handler<typeof routes.requests> = async (c) =>
  ok(c, await list(c, 'requests', c.req.valid('query')));
export const denied: Handler<typeof routes.denied> = async (c) =>
  ok(c, await list(c, 'denied', c.req.valid('query')));
export const edits: Handler<typeof routes.edits> = async (c) =>
  ok(c, await list(c, 'edits', c.req.valid('query')));
export const reported: Handler<typeof routes.reported> = async (c) =>
  ok(c, await list(c, 'reported', c.req.valid('query')));
export const suspended: Handler<typeof routes.suspended> = async (c) =>
  ok(c, await list(c, 'suspended', c.req.valid('query')));
export const active: Handler<typeof routes.active> = async (c) =>
  ok(c, await list(c, 'active', c.req.valid('query')));
export const topSpotted: Handler<typeof routes.topSpotted> = async (c) =>
  ok(c, await list(c, 'topSpotted', c.req.valid('query')));

export const approve: Handler<typeof routes.approve> = async (c) => {
  await moderation.approveRequest(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, m.approved);
};

export const approveEdit: Handler<typeof routes.approveEdit> = async (c) => {
  await moderation.approveEdit(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, m.approvedEdit);
};

const reasonOf = (message: string | null | undefined) => {
  const reason = message?.trim();
  if (!reason) throw badRequest('Please enter a reason for denial');
  return reason;
};

export const deny: Handler<typeof routes.deny> = async (c) => {
  const { id, message, ground } = c.req.valid('json');
  await moderation.denyRequest(c.var.deps, requireCaller(c.var), id, reasonOf(message), ground);
  return ok(c, null, m.denied);
};

export const denyEdit: Handler<typeof routes.denyEdit> = async (c) => {
  const { id, message, ground } = c.req.valid('json');
  await moderation.denyEdit(c.var.deps, requireCaller(c.var), id, reasonOf(message), ground);
  return ok(c, null, m.denied);
};

export const suspend: Handler<typeof routes.suspend> = async (c) => {
  const { message, ground } = c.req.valid('json');
  const reason = message?.trim() || undefined;
  const id = c.req.valid('param').id;
  await moderation.suspend(c.var.deps, requireCaller(c.var), id, reason, ground);
  return ok(c, null, m.suspended);
};

export const activate: Handler<typeof routes.activate> = async (c) => {
  await moderation.activate(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, m.activated);
};

export const dismiss: Handler<typeof routes.dismiss> = async (c) => {
  await moderation.dismissReports(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, m.dismissed);
};

export const addTopSpotted: Handler<typeof routes.addTopSpotted> = async (c) =>
  ok(
    c,
    null,
    await moderation.setTopSpotted(c.var.deps, requireCaller(c.var), c.req.valid('param').id, true),
  );

export const removeTopSpotted: Handler<typeof routes.removeTopSpotted> = async (c) =>
  ok(
    c,
    null,
    await moderation.setTopSpotted(
      c.var.deps,
      requireCaller(c.var),
      c.req.valid('param').id,
      false,
    ),
  );

export const editDetails: Handler<typeof routes.editDetails> = async (c) => {
  const admin = requireCaller(c.var);
  const edit = await requestDetails(c.var.deps, admin, c.req.valid('param').id);
  if (edit.originalId === null) throw badRequest('This is not an edit of a live listing');
  const original = await requestDetails(c.var.deps, admin, edit.originalId);
  return ok(c, { ...edit, original });
};

export const reports: Handler<typeof routes.reports> = async (c) =>
  ok(c, await moderation.reportsOf(c.var.deps.db, c.req.valid('param').id));
