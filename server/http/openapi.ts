import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { envelope, errorEnvelope, idParam } from '#shared/schemas/envelope.ts';
import { z } from '#shared/schemas/zod.ts';
import type { AppEnv } from './env.ts';
import { validationHook } from './validation.ts';

/** A router of one resource; every router shares the validation hook that makes the envelope. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});

/** The 200 envelope around `data`, plus the failures every route may answer. */
export const responses = <T extends z.ZodType>(data: T, description: string) => ({
  200: { description, content: { 'application/json': { schema: envelope(data) } } },
  400: failure('A rule was broken; the message says which'),
  401: failure('No valid session'),
  403: failure('The caller may not do this'),
  404: failure('Not found'),
  409: failure('Conflicts with the current state'),
  429: failure('Too many attempts'),
  503: failure('A service the call needs (such as mail) is unavailable'),
});

export const idParams = z.object({ id: idParam });
export const bearer = [{ bearerAuth: [] }];
export const nothing = z.null();

/** A handler of one route, typed by its definition. */
export type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
