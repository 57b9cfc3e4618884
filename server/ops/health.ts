import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { log } from './log.ts';
import { metricsAllowed, metricsText } from './metrics.ts';

/** How many migrations this build ships (drizzle's journal). */
const shippedMigrations = (): number =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

/** Whether the database answers and holds every migration of this build. */
async function databaseReady(db: Db, shipped: number): Promise<string | null> {
  try {
    const result = (await db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number }[] };
    const applied = result.rows[0]?.applied ?? 0;
    return applied >= shipped ? null : `migrations applied: ${applied} of ${shipped}`;
  } catch (err) {
    log.warn({ err }, 'readiness check: the database does not answer');
    return 'the database does not answer';
  }
}

/** What the process tells the operations routes: whether it is stopping. */
export interface Lifecycle {
  stopping: boolean;
}

const plain = { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' };

/**
 * The routes for operators and the balancer, outside the API (not in its OpenAPI document):
 * `/healthz` (the process answers), `/readyz` (it can serve: database reachable, migrations
 * applied, not stopping) and `/metrics` (Prometheus, with METRICS_TOKEN as a bearer token).
 */
export function opsRouter(db: Db, lifecycle: Lifecycle, metricsToken: string | undefined) {
  const shipped = shippedMigrations();
  return new Hono()
    .get('/healthz', (c) => c.body('{"status":"ok"}', 200, plain))
    .get('/readyz', async (c) => {
      const problem = lifecycle.stopping ? 'stopping' : await databaseReady(db, shipped);
      return problem
        ? c.body(JSON.stringify({ status: 'unavailable', problem }), 503, plain)
        : c.body('{"status":"ready"}', 200, plain);
    })
    .get('/metrics', async (c) => {
      // Without a token the metrics are only on METRICS_PORT; here they do not exist.
      if (!metricsToken) return c.body('Not found', 404);
      if (!metricsAllowed(metricsToken, c.req.header('authorization'))) {
        return c.body('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer' });
      }
      const { body, contentType } = await metricsText();
      return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
    });
}
