import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { boot } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createFront, type RenderPage } from './http/front.ts';
import { PageCache } from './http/page-cache.ts';
import { withSecurityHeaders } from './http/security-headers.ts';
import { pageData } from './http/page-data.ts';
import { jobsFor } from './jobs/jobs.ts';
import { VIEW_FLUSH_SECONDS } from './listings/views.ts';
import { flushCounters } from './insights/flush.ts';
import { startJobs } from './jobs/scheduler.ts';
import { opsRouter, type Lifecycle } from './ops/health.ts';
import { log, withRequestId } from './ops/log.ts';
import { serveMetrics, watchDatabase } from './ops/metrics.ts';
import { drain } from './ops/shutdown.ts';
import { readyLine, talksAtStart } from './ops/start-up.ts';

const SITE_DIST = process.env.SITE_DIST ?? './dist';
const SITE_ENTRY = pathToFileURL(path.resolve(SITE_DIST, 'server/entry.mjs'));
const CLIENT_DIR = path.join(SITE_DIST, 'client');
/** How long an idle client connection stays open. */
const KEEP_ALIVE_MS = 65_000;
/**
 * How long a shared cache in front (nginx's microcache, a CDN) may keep a public page: a few
 * seconds, since it hears none of the change notices that end this instance's own copy at once.
 */
const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

/**
 * The one process: the API and images (Hono), the built site's static files, and every other
 * path rendered by Astro, all on one port.
 */
async function main() {
  const config = loadConfig();
  if (!existsSync(SITE_ENTRY)) {
    throw new ConfigError(
      'The site is not built yet: run `npm run build` first (npm start does it).',
    );
  }
  const talk = talksAtStart(config, process.stdout.isTTY === true);
  const say = (line: string) => {
    if (talk) process.stdout.write(`${line}\n`);
  };
  const { deps, database, admin } = await boot(config, say);
  const stopJobs = config.JOBS ? startJobs(jobsFor(deps)) : () => Promise.resolve();
  const lifecycle: Lifecycle = { stopping: false };
  watchDatabase(deps.db, database.pool);
  const metricsServer = config.METRICS_PORT
    ? serveMetrics(config.METRICS_HOST, config.METRICS_PORT)
    : null;
  const api = createApp(deps);
  const { renderPage } = (await import(SITE_ENTRY.href)) as { renderPage: RenderPage };

  const pageCache =
    config.PAGE_CACHE_MB > 0
      ? new PageCache(
          {
            maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
            ttlMs: config.PAGE_CACHE_SECONDS * 1000,
          },
          deps.changes,
        )
      : null;
  const flushViews = setInterval(() => {
    flushCounters(deps).catch((err: unknown) => log.error({ err }, 'counters: flush failed'));
  }, VIEW_FLUSH_SECONDS * 1000);

  const server = createFront({
    api,
    ops: opsRouter(deps.db, lifecycle, config.METRICS_TOKEN),
    renderPage,
    data: pageData(deps),
    pages: pageCache,
    sharedPageCacheControl: SHARED_PAGE_CACHE_CONTROL,
    clientDir: CLIENT_DIR,
    logRequests: config.LOG_REQUESTS,
  });

  const http = createServer(
    // An idle connection is kept longer than a client or a proxy keeps one (nginx drops its own
    // after 60 s), so the server is never the side that closes a connection just as a client
    // sends on it: the client would see the reset as a failed request.
    { keepAliveTimeout: KEEP_ALIVE_MS },
    withSecurityHeaders(
      config.PUBLIC_URL,
      withRequestId(config.TRUST_PROXY, getRequestListener(server.fetch)),
    ),
  );
  http.listen(config.PORT, config.HOST, () => {
    if (talk) {
      say(readyLine(config.PUBLIC_URL, admin));
      return;
    }
    log.info(
      {
        url: config.PUBLIC_URL,
        listening: `${config.HOST}:${config.PORT}`,
        database:
          database.kind === 'postgres'
            ? 'PostgreSQL (DATABASE_URL)'
            : `PGlite in ${config.DATA_DIR}/pglite`,
        storage: config.STORAGE_URL
          ? 'S3 (STORAGE_URL)'
          : `local disk in ${config.DATA_DIR}/uploads`,
        metrics: config.METRICS_PORT ? `${config.METRICS_HOST}:${config.METRICS_PORT}` : undefined,
      },
      'Spotted is running',
    );
    // The password itself never goes to the log: it is where its source says.
    log.info({ email: admin.email, passwordFrom: admin.source }, 'Admin login');
  });

  /**
   * SIGTERM: /readyz answers 503, no new connection is taken, requests in flight finish (cut after
   * SHUTDOWN_SECONDS), the jobs finish their current batch, then the database is closed.
   */
  const stop = async (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    log.info({ signal }, 'shutting down');
    const [cut] = await Promise.all([drain(http, config.SHUTDOWN_SECONDS * 1000), stopJobs()]);
    if (cut) log.warn({ connections: cut }, 'connections cut at the shutdown deadline');
    clearInterval(flushViews);
    metricsServer?.close();
    await flushCounters(deps).catch(() => undefined);
    await deps.changes.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

// Started as the program only: `npm run build` imports this module to compile it ahead.
if (import.meta.main) {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) log.fatal(err.message);
    else log.fatal({ err }, 'Spotted could not start');
    process.exit(1);
  });
}
