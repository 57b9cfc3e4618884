import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './feeds.routes.ts';
import * as feeds from './feeds.service.ts';

export const upload: Handler<typeof routes.upload> = async (c) =>
  ok(c, await feeds.uploadFeed(c.var.deps, requireCaller(c.var), c.req.valid('json')));

export const list: Handler<typeof routes.list> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await feeds.listRuns(c.var.deps, caller, c.req.valid('query').userId ?? caller.id));
};

export const detail: Handler<typeof routes.detail> = async (c) =>
  ok(c, await feeds.runDetail(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const progress: Handler<typeof routes.progress> = async (c) =>
  ok(c, await feeds.runProgress(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const confirm: Handler<typeof routes.confirm> = async (c) =>
  ok(c, await feeds.confirmRun(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const cancel: Handler<typeof routes.cancel> = async (c) =>
  ok(c, await feeds.cancelRun(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const getUrl: Handler<typeof routes.getUrl> = async (c) =>
  ok(c, await feeds.feedOf(c.var.deps, requireCaller(c.var)));

export const setUrl: Handler<typeof routes.setUrl> = async (c) =>
  ok(c, await feeds.setFeedUrl(c.var.deps, requireCaller(c.var), c.req.valid('json').url));

export const removeUrl: Handler<typeof routes.removeUrl> = async (c) => {
  await feeds.removeFeed(c.var.deps, requireCaller(c.var));
  return ok(c, null);
};

export const dealers: Handler<typeof routes.dealers> = async (c) =>
  ok(c, await feeds.adminFeeds(c.var.deps));

export const pause: Handler<typeof routes.pause> = async (c) =>
  ok(c, await feeds.pauseFeed(c.var.deps, c.req.valid('param').id, c.req.valid('json').paused));
