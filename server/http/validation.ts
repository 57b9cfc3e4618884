import type { Hook } from '@hono/zod-openapi';
import { firstMessage } from '#shared/schemas/zod.ts';
import type { AppEnv } from './env.ts';

/** A request that breaks a rule gets the first broken rule's message, as the screens show it. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    return c.json({ code: 400, message: firstMessage(result.error), data: null }, 400);
  }
};
