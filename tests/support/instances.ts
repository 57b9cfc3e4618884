import { sql } from 'drizzle-orm';
import type { ClientResponse } from 'hono/client';
import {
  createApiClient,
  type ApiResult,
  type ApiRoutes,
  type DataOf,
} from '#shared/api/client.ts';
import { createApp } from '../../server/app.ts';
import { referenceCache } from '../../server/catalog/reference.ts';
import { watchChanges } from '../../server/db/changes.ts';
import { openDatabase } from '../../server/db/client.ts';
import type { Deps } from '../../server/deps.ts';
import { tallyCounter } from '../../server/insights/tallies.ts';
import { listingCaches } from '../../server/listings/caches.ts';
import { countCache } from '../../server/listings/counts.ts';
import { viewCounter } from '../../server/listings/views.ts';
import { paymentProvider } from '../../server/payments/providers/index.ts';
import { storageFor } from '../../server/storage/index.ts';
import { connectionFrom, type TestContext } from './context.ts';
import { testDatabaseUrl, withDatabase } from './postgres-url.ts';

type App = ReturnType<typeof createApp>;

/**
 * The typed client of shared/api on `app`, as the holder of `token` (none: a visitor), from the
 * address `from` when given: what `ctx.client` is for the test context's own app.
 */
export const clientOf = (app: App) => (token?: string, from?: string) => ({
  call<R extends ClientResponse<unknown, number, string>>(
    request: (api: ApiRoutes) => Promise<R>,
  ): Promise<ApiResult<DataOf<R>>> {
    const api = createApiClient({
      baseUrl: 'http://localhost',
      token,
      fetch: async (sent) =>
        app.request(sent, undefined, from === undefined ? undefined : connectionFrom(from)),
    });
    return api.call(request);
  },
});

export type Instance = Awaited<ReturnType<typeof secondInstance>>;

/**
 * Another app instance on the test context's PostgreSQL database, as a second server process
 * would be: its own connection pool, change listener and in-memory caches, the same signing key,
 * configuration and storage. What one instance writes, the other reads from the database only.
 */
export async function secondInstance(ctx: TestContext) {
  if (ctx.kind !== 'postgres') throw new Error('a second instance needs PostgreSQL');
  const { rows } = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const [row] = rows;
  if (!row) throw new Error('current_database() answered nothing');
  const database = openDatabase({ url: withDatabase(testDatabaseUrl, row.name), poolSize: 10 });
  const changes = await watchChanges(database);
  const caches = listingCaches(changes, 4);
  const { config } = ctx.deps;
  const deps: Deps = {
    ...ctx.deps,
    db: database.db,
    payments: await paymentProvider(config, database.db),
    storage: await storageFor(config),
    changes,
    referenceCache: referenceCache(database.db, changes),
    views: viewCounter(database.db, caches.liveListingCache),
    tallies: tallyCounter(database.db),
    countCache: countCache(changes),
    ...caches,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    db: database.db,
    client: clientOf(app),
    async close() {
      await changes.close();
      await database.close();
    },
  };
}
