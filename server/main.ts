import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { boot } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { mountApi } from './http/front.ts';
import { PageCache } from './http/page-cache.ts';
import { pageDelivery } from './http/site-delivery.ts';
import { jobsFor } from './jobs/jobs.ts';
import { liveListingPage } from './listings/details.ts';
import { VIEW_FLUSH_SECONDS } from './listings/views.ts';
import { startJobs } from './jobs/scheduler.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: App.Locals,
) => Promise<void>;

const SITE_DIST = process.env.SITE_DIST ?? './dist';
const SITE_ENTRY = pathToFileURL(path.resolve(SITE_DIST, 'server/entry.mjs'));
const CLIENT_DIR = path.join(SITE_DIST, 'client');

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
  const { deps, database, admin } = await boot(config);
  const stopJobs = config.JOBS ? startJobs(jobsFor(deps)) : () => undefined;
  const api = createApp(deps);
  const { handler: renderSite } = (await import(SITE_ENTRY.href)) as { handler: AstroHandler };

  const pages =
    config.PAGE_CACHE_MB > 0
      ? new PageCache(
          {
            maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
            ttlMs: config.PAGE_CACHE_SECONDS * 1000,
            cacheControl: `public, max-age=0, s-maxage=${config.PAGE_CACHE_SECONDS}, stale-while-revalidate=300`,
          },
          deps.changes,
        )
      : null;
  const flushViews = setInterval(() => {
    deps.views.flush().catch((err: unknown) => console.error('[views] flush failed:', err));
  }, VIEW_FLUSH_SECONDS * 1000);

  const server = new Hono<{ Bindings: HttpBindings }>();
  mountApi(server, api);
  server.use(
    '/_astro/*',
    async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: CLIENT_DIR, precompressed: true }),
  );
  server.use('*', serveStatic({ root: CLIENT_DIR, precompressed: true }));
  server.all('*', async (c) => {
    // Pages call the API in-process; the visitor's connection goes along, so the API sees the
    // same client address (rate limits) as when the browser calls it.
    const connection = { incoming: c.env.incoming };
    const locals: App.Locals = {
      api: (request: Request) => Promise.resolve(api.fetch(request, connection)),
      page: pageDelivery(c.env.incoming, pages),
      data: {
        listing: (id: number) => liveListingPage(deps, id),
      },
    };
    await renderSite(c.env.incoming, c.env.outgoing, undefined, locals);
    return RESPONSE_ALREADY_SENT;
  });

  // A cached page is answered before anything else runs: almost the cost of a static file.
  const honoListener = getRequestListener(server.fetch);
  const http = createServer((req, res) => {
    if (pages && (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization) {
      const page = pages.get(req.url ?? '/');
      if (page) return pages.send(req, res, page);
    }
    void honoListener(req, res);
  });
  http.listen(config.PORT, config.HOST, () => {
    const info = { address: config.HOST, port: config.PORT };
    console.info(
      `Spotted is running at ${config.PUBLIC_URL} (listening on ${info.address}:${info.port})`,
    );
    console.info(
      `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}/pglite`}`,
    );
    console.info(`Admin login: ${admin.email} / ${admin.password}  (from ${admin.source})`);
    console.info(`API reference: ${config.PUBLIC_URL}/api/docs`);
  });

  const stop = async (signal: string) => {
    console.info(`${signal}: shutting down`);
    stopJobs();
    clearInterval(flushViews);
    http.close();
    await deps.views.flush().catch(() => undefined);
    await deps.changes.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Spotted could not start:', err);
  }
  process.exit(1);
});
