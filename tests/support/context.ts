import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session } from '#shared/schemas/auth.ts';
import type { ClientResponse } from 'hono/client';
import {
  createApiClient,
  type ApiResult,
  type ApiRoutes,
  type DataOf,
} from '#shared/api/client.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import { createApp } from '../../server/app.ts';
import { referenceCache } from '../../server/catalog/reference.ts';
import { watchChanges } from '../../server/db/changes.ts';
import { listingCaches } from '../../server/listings/caches.ts';
import { countCache } from '../../server/listings/counts.ts';
import { viewCounter } from '../../server/listings/views.ts';
import { tallyCounter } from '../../server/insights/tallies.ts';
import { loadConfig } from '../../server/config.ts';
import type { Deps } from '../../server/deps.ts';
import type { MailMessage } from '../../server/mail/mailer.ts';
import { loadVapidKeys } from '../../server/push/vapid.ts';
import { paymentProvider } from '../../server/payments/providers/index.ts';
import { storageFor } from '../../server/storage/index.ts';
import { createTestDatabase } from './database.ts';

/** A raw request's answer: an envelope whose data is not known (narrow it with expect or zod). */
export interface TestResponse extends Envelope<unknown> {
  status: number;
  headers: Headers;
}

/** One request named by the typed client's routes, for tables of calls (who may call what). */
export type RouteCall = (api: ApiRoutes) => Promise<ClientResponse<unknown, number, string>>;

/** Whether a JSON body is the API's envelope (a raw request's data is left unknown). */
const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' &&
  body !== null &&
  'code' in body &&
  typeof body.code === 'number' &&
  'message' in body &&
  typeof body.message === 'string' &&
  'data' in body;

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The app on a fresh database, with mail kept in `outbox` and images in a temporary folder.
 * Requests go in-process through `app.request`, exactly as over HTTP.
 */
export async function createTestContext(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'spotted-test-'));
  const outbox: MailMessage[] = [];
  const changes = await watchChanges(database);
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const caches = listingCaches(changes, 4);
  const deps: Deps = {
    db: database.db,
    config,
    payments: await paymentProvider(config, database.db),
    mailer: { send: async (message) => void outbox.push(message) },
    storage: await storageFor(config),
    jwtKey: new TextEncoder().encode(randomBytes(32).toString('hex')),
    vapid: await loadVapidKeys(database.db, config),
    changes,
    referenceCache: referenceCache(database.db, changes),
    views: viewCounter(database.db, caches.liveListingCache),
    tallies: tallyCounter(database.db),
    countCache: countCache(changes),
    ...caches,
  };
  const app = createApp(deps);

  /**
   * A raw request, for what the typed client cannot send: malformed or mistyped bodies, missing
   * fields, unknown paths, headers of its own. Every other call goes through `client`.
   */
  async function request(
    method: string,
    url: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      raw?: string;
      /** The client's address, as a connection would give it (none: the address is unknown). */
      from?: string;
    } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.raw !== undefined)
      headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.request(
      url,
      {
        method,
        headers,
        body:
          options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      },
      options.from === undefined ? undefined : connectionFrom(options.from),
    );
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(
        `${method} ${url} answered ${response.status} without JSON: ${text.slice(0, 200)}`,
      );
    }
    if (!isEnvelope(body))
      throw new Error(`${method} ${url} answered ${response.status} without the envelope: ${text}`);
    return { ...body, status: response.status, headers: response.headers };
  }

  /**
   * The typed client of shared/api on this app, as the holder of `token` (none: a visitor), from
   * the address `from` when given, sending `headers` besides (a proxy's X-Forwarded-For, say).
   * `call` answers what the client's `call` answers, with the
   * answer's headers (each call has its own client, so calls running together keep theirs apart).
   */
  const client = (token?: string, from?: string, headers: Record<string, string> = {}) => ({
    async call<R extends ClientResponse<unknown, number, string>>(
      request: (api: ApiRoutes) => Promise<R>,
    ): Promise<ApiResult<DataOf<R>> & { headers: Headers }> {
      let answered = new Headers();
      const api = createApiClient({
        baseUrl: 'http://localhost',
        token,
        fetch: async (sent) => {
          for (const [name, value] of Object.entries(headers)) sent.headers.set(name, value);
          const response = await app.request(
            sent,
            undefined,
            from === undefined ? undefined : connectionFrom(from),
          );
          answered = response.headers;
          return response;
        },
      });
      const result = await api.call(request);
      return { ...result, headers: answered };
    },
  });

  return {
    app,
    deps,
    client,
    db: database.db,
    kind: database.kind,
    outbox,
    request,
    async close() {
      await changes.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What @hono/node-server passes the app for a connection from `address`. */
export const connectionFrom = (address: string) => ({
  incoming: { socket: { remoteAddress: address } },
});

export type { Session };
