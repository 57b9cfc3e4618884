import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino, { type DestinationStream } from 'pino';

/** What every log line written while a request is handled carries. */
interface RequestContext {
  reqId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/**
 * An error as a log line shows it: its kind, message, code and stack, and its cause's. A failed
 * query shows its SQL text but never its parameters (passwords' hashes, tokens, e-mail addresses).
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const message = err instanceof DrizzleQueryError ? `Failed query: ${err.query}` : err.message;
  const frames = err.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: frames.join('\n'),
    ...(err.cause && depth < 3 ? { cause: serializeError(err.cause, depth + 1) } : {}),
  };
}

/** A JSON-lines logger on stdout (or `destination`): one object per line, request id included. */
export function createLogger(destination?: DestinationStream) {
  return pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      // Belt and braces: a field of these names is never written, whatever logs it.
      redact: {
        paths: [
          'password',
          '*.password',
          'passwordHash',
          '*.passwordHash',
          'token',
          '*.token',
          'accessToken',
          'refreshToken',
          'authorization',
          '*.authorization',
          'secret',
        ],
        censor: '[hidden]',
      },
      mixin: () => {
        const store = context.getStore();
        return store ? { reqId: store.reqId } : {};
      },
    },
    destination,
  );
}

/** The process's logger. */
export let log = createLogger();

/** For tests: log to `destination` instead of stdout. */
export function logTo(destination: DestinationStream) {
  log = createLogger(destination);
}

/** An id a proxy may hand over (nginx's $request_id): short, letters, digits and dashes. */
const FORWARDED_ID = /^[\w-]{8,64}$/;

/**
 * Runs each request in a context of its own id, the proxy's `X-Request-Id` when trusted or a new
 * one, so every line logged while it is handled names it; the id goes back as `X-Request-Id`.
 */
export function withRequestId(
  trustProxy: boolean,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const forwarded = trustProxy ? req.headers['x-request-id'] : undefined;
    const reqId =
      typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    res.setHeader('X-Request-Id', reqId);
    context.run({ reqId }, listener, req, res);
  };
}

/** The id of the request being handled, if any. */
export const currentRequestId = () => context.getStore()?.reqId;
