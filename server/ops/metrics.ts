import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { and, count, isNull, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import client from 'prom-client';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import { log } from './log.ts';

/**
 * The process's Prometheus metrics (prom-client), read at /metrics: requests by route, the
 * database pool, job runs, the mail queue, the page cache and the process itself.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'spotted_' });

const requests = new client.Counter({
  name: 'spotted_http_requests_total',
  help: 'Requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const durations = new client.Histogram({
  name: 'spotted_http_request_duration_seconds',
  help: 'Time to the answer, by method and route',
  labelNames: ['method', 'route'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Pages the page cache answered (server/http/page-cache.ts), counted as a plain number. */
export const pageCacheHits = { count: 0 };
new client.Counter({
  name: 'spotted_page_cache_hits_total',
  help: 'Public pages answered from the page cache',
  registers: [registry],
  collect() {
    this.reset();
    this.inc(pageCacheHits.count);
  },
});

export const jobRuns = new client.Counter({
  name: 'spotted_job_runs_total',
  help: 'Scheduled job runs, by job and outcome (ok or failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
export const jobDurations = new client.Histogram({
  name: 'spotted_job_duration_seconds',
  help: 'How long a scheduled job run took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
  registers: [registry],
});

/** What a pg Pool tells about itself. */
interface PoolState {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The metrics read from the database at each scrape: the pool's state and the mail queue. */
export function watchDatabase(db: Db, pool: PoolState | undefined) {
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('spotted_db_pool_connections', 'Open PostgreSQL connections', () => pool.totalCount);
    gauge('spotted_db_pool_idle', 'Idle PostgreSQL connections', () => pool.idleCount);
    gauge('spotted_db_pool_waiting', 'Queries waiting for a connection', () => pool.waitingCount);
  }
  new client.Gauge({
    name: 'spotted_mail_queue_length',
    help: 'E-mails waiting to be sent (retries included)',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ n: count() })
        .from(mailQueue)
        .where(and(isNull(mailQueue.sentAt), sql`${mailQueue.attempts} < 8`));
      this.set(row?.n ?? 0);
    },
  });
}

/**
 * Counts and times every request of the app it wraps, by the route that answered (`/api/car/:id`,
 * never the address itself, so the number of series stays bounded); with LOG_REQUESTS it also
 * logs one line per request (path without its query).
 */
export function observe(options: { logRequests: boolean; routeOf?: (path: string) => string }) {
  const handler: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    // The last route matched is the handler's (or, when none matched, the widest middleware's).
    const matched = routePath(c, -1);
    const route = options.routeOf ? options.routeOf(matched) : matched;
    const status = c.res.status;
    requests.inc({ method: c.req.method, route, status });
    durations.observe({ method: c.req.method, route }, seconds);
    if (options.logRequests) {
      log.info(
        { method: c.req.method, path: c.req.path, route, status, ms: Math.round(seconds * 1000) },
        'request',
      );
    }
  };
  return handler;
}

/** Whether `authorization` carries the metrics token (compared in constant time). */
export function metricsAllowed(token: string | undefined, authorization: string | undefined) {
  if (!token) return false;
  const given = Buffer.from(authorization?.replace(/^Bearer /i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The metrics in Prometheus's text format. */
export async function metricsText() {
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/** Serves /metrics alone on `host:port` (METRICS_PORT), for a scraper on the internal network. */
export function serveMetrics(host: string, port: number) {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics' || req.method !== 'GET') {
      res.writeHead(404).end('Not found');
      return;
    }
    metricsText().then(
      ({ body, contentType }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be collected');
        res.writeHead(500).end();
      },
    );
  });
  server.listen(port, host);
  return server;
}
