import { appealTexts } from '#shared/schemas/appeal.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './appeals.routes.ts';
import * as appeals from './appeals.service.ts';

export const appealable: Handler<typeof routes.appealable> = async (c) =>
  ok(c, await appeals.appealable(c.var.deps.db, requireCaller(c.var), c.req.valid('param').id));

export const file: Handler<typeof routes.file> = async (c) =>
  ok(
    c,
    await appeals.fileAppeal(c.var.deps.db, requireCaller(c.var), c.req.valid('json')),
    appealTexts.sent,
  );

export const list: Handler<typeof routes.list> = async (c) =>
  ok(c, await appeals.appealList(c.var.deps.db, c.req.valid('query')));

export const detail: Handler<typeof routes.detail> = async (c) =>
  ok(c, await appeals.appealDetail(c.var.deps.db, c.req.valid('param').id));

export const decide: Handler<typeof routes.decide> = async (c) => {
  const message = await appeals.decideAppeal(
    c.var.deps,
    requireCaller(c.var),
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return ok(c, null, message);
};
