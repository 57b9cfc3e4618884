import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { splitLanguage } from '#shared/i18n/language.ts';
import type { PageData } from '#shared/page-data.ts';
import type { createApp } from '../app.ts';
import { observe } from '../ops/metrics.ts';
import { compressAnswers } from './caching.ts';
import { keptPages, type PageCache, type PageEnv } from './page-cache.ts';
import { NOTHING_POLICY, WORKER_POLICY } from './security-headers.ts';

/** The built site's entry (site/integrations/server-entry.ts): a request rendered as a page. */
export type RenderPage = (request: Request, locals: App.Locals) => Promise<Response>;

export interface FrontOptions {
  api: ReturnType<typeof createApp>;
  /** Health, readiness and metrics (server/ops/health.ts). */
  ops: Hono;
  renderPage: RenderPage;
  /** What the pages read (server/http/page-data.ts). */
  data: PageData;
  /** The anonymous public pages kept until what they show changes; none when turned off. */
  pages: PageCache | null;
  /** What a shared cache in front (nginx, a CDN) may do with a page the page cache keeps. */
  sharedPageCacheControl: string;
  /** The built site's static files. */
  clientDir: string;
  logRequests: boolean;
}

/**
 * Mounts the API and the images on the process's HTTP server. The connection goes along, so the
 * API sees the client's address (per-address limits, view counts): without it every browser
 * would be one `unknown` client.
 */
export function mountApi<E extends { Bindings: HttpBindings }>(
  server: Hono<E>,
  api: ReturnType<typeof createApp>,
) {
  server.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  server.all('/api', (c) => api.fetch(c.req.raw, c.env));
  server.get('/images/*', (c) => api.fetch(c.req.raw, c.env));
}

/**
 * The process's one request path: health, the API and the images, the built files (compressed
 * at build), then every other path rendered by the site, with Hono's ETag and compression and the
 * page cache between them.
 */
export function createFront(options: FrontOptions) {
  const { pages, clientDir } = options;
  const server = new Hono<PageEnv>();
  const siteRequests = observe({
    logRequests: options.logRequests,
    routeOf: (matched) =>
      matched === '/_astro/*' ? 'assets' : matched.startsWith('/') ? matched : 'site',
  });
  // The API and images are measured inside the API app, by route; here the rest.
  server.use(async (c, next) => {
    if (c.req.path.startsWith('/api') || c.req.path.startsWith('/images/')) return next();
    return siteRequests(c, next);
  });
  server.route('/', options.ops);
  mountApi(server, options.api);
  server.use(
    '/_astro/*',
    async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: clientDir, precompressed: true }),
  );
  // A kept page carries the ETag it was sent with: this one answers 304 to it without reading it.
  server.use(etag());
  // Before the files: a kept page is answered without looking for a file of its name.
  if (pages) server.use(keptPages(pages));
  server.use(
    '*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_file, c) => {
        const worker = c.req.path === '/sw.js';
        c.header('Content-Security-Policy', worker ? WORKER_POLICY : NOTHING_POLICY);
        // The worker and the manifest are asked for again on every visit: an update reaches everyone.
        if (worker || c.req.path === '/manifest.webmanifest') c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  // The ETag of an answer to keep, made before it is kept.
  if (pages) server.use(etag());
  server.use(compressAnswers());
  server.all('*', async (c) => {
    let tags: string[] | undefined;
    const { locale, request } = inLanguage(c.req.raw);
    const locals: App.Locals = {
      locale,
      data: options.data,
      page: {
        cacheFor: (pageTags) => {
          tags = pageTags;
        },
      },
    };
    const response = await options.renderPage(request, locals);
    const shared = pages !== null && tags !== undefined && response.status === 200;
    c.set('pageTags', shared ? tags : undefined);
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', shared ? options.sharedPageCacheControl : 'no-cache');
    return new Response(response.body, { status: response.status, headers });
  });
  return server;
}

/**
 * A page's language and the request the site renders: '/mt/search' is the search page in Maltese.
 * The page cache keeps the address as asked, so each language's page is kept apart.
 */
function inLanguage(request: Request): { locale: App.Locals['locale']; request: Request } {
  const url = new URL(request.url);
  const { locale, path } = splitLanguage(url.pathname);
  if (path === url.pathname) return { locale, request };
  const bare = new URL(path + url.search, url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? {} : { duplex: 'half' };
  return { locale, request: new Request(bare, { ...body, ...cloneInit(request) }) };
}

function cloneInit(request: Request): RequestInit {
  return {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    redirect: request.redirect,
  };
}
