import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session } from '#shared/schemas/auth.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import { createApp } from '../../server/app.ts';
import { referenceCache } from '../../server/catalog/reference.ts';
import { watchChanges } from '../../server/db/changes.ts';
import { TaggedCache } from '../../server/db/tagged-cache.ts';
import { countCache } from '../../server/listings/counts.ts';
import { viewCounter } from '../../server/listings/views.ts';
import { loadConfig } from '../../server/config.ts';
import type { Deps } from '../../server/http/env.ts';
import type { MailMessage } from '../../server/mail/mailer.ts';
import { paymentProvider } from '../../server/payments/providers/index.ts';
import { localStorage } from '../../server/storage/storage.ts';
import { createTestDatabase } from './database.ts';

export interface TestResponse<T = unknown> extends Envelope<T> {
  status: number;
  headers: Headers;
}

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
  const deps: Deps = {
    db: database.db,
    config,
    payments: paymentProvider(config, database.db),
    mailer: { send: async (message) => void outbox.push(message) },
    storage: localStorage(path.join(dataDir, 'uploads')),
    jwtKey: new TextEncoder().encode(randomBytes(32).toString('hex')),
    changes,
    reference: referenceCache(database.db, changes),
    views: viewCounter(database.db),
    counts: countCache(changes),
    details: new TaggedCache({ maxEntries: 100, ttlMs: 60_000 }, changes),
  };
  const app = createApp(deps);

  async function request<T = unknown>(
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
  ): Promise<TestResponse<T>> {
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
    // Notices of what the call changed reach the caches before the next call (on PostgreSQL they
    // come over another connection, a millisecond later).
    if (method !== 'GET') await changes.settle();
    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(
        `${method} ${url} answered ${response.status} without JSON: ${text.slice(0, 200)}`,
      );
    }
    return { ...envelope, status: response.status, headers: response.headers };
  }

  return {
    app,
    deps,
    db: database.db,
    kind: database.kind,
    outbox,
    request,
    get: <T>(url: string, token?: string) => request<T>('GET', url, { token }),
    post: <T>(url: string, body: unknown = {}, token?: string) =>
      request<T>('POST', url, { body, token }),
    put: <T>(url: string, token?: string) => request<T>('PUT', url, { token }),
    delete: <T>(url: string, token?: string) => request<T>('DELETE', url, { token }),
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
