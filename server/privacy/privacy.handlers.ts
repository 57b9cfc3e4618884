import { privacyMessages } from '#shared/schemas/privacy.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { eraseOnRequest } from '../users/users.service.ts';
import * as exports from './export.ts';
import type * as routes from './privacy.routes.ts';

export const erase: Handler<typeof routes.erase> = async (c) => {
  const { id } = c.req.valid('param');
  await eraseOnRequest(c.var.deps, requireCaller(c.var), id, c.req.valid('json').reason);
  return ok(c, null, privacyMessages.accountErased);
};

export const requestExport: Handler<typeof routes.requestExport> = async (c) =>
  ok(
    c,
    await exports.requestExport(c.var.deps, requireCaller(c.var)),
    privacyMessages.exportRequested,
  );

export const latestExport: Handler<typeof routes.latestExport> = async (c) =>
  ok(c, await exports.latestExport(c.var.deps, requireCaller(c.var)));

export const download: Handler<typeof routes.download> = async (c) => {
  const { body, fileName } = await exports.downloadExport(c.var.deps, c.req.valid('query').token);
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  }) as never;
};
