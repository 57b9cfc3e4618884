import { createRequire } from 'node:module';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adsRouter } from './ads/index.ts';
import { appealsRouter } from './appeals/index.ts';
import { authRouter } from './auth/index.ts';
import { contactRouter } from './contact/index.ts';
import { emailConfirmationRouter } from './email-confirmation/index.ts';
import { conversationsRouter } from './conversations/index.ts';
import { notificationsRouter } from './notifications/index.ts';
import { pushRouter } from './push/index.ts';
import { privacyRouter } from './privacy/index.ts';
import { checkoutRouter, paymentsRouter } from './payments/index.ts';
import { identify } from './auth/guard.ts';
import { catalogRouter } from './catalog/index.ts';
import { configurationRouter } from './configuration/index.ts';
import { etag } from 'hono/etag';
import { apiCaching, compressAnswers } from './http/caching.ts';
import { rejectUnstorableText } from './http/unstorable-text.ts';
import { settleWrites } from './http/settle-writes.ts';
import { cspHash, defaultPolicy, pagePolicy } from './http/security-headers.ts';
import { ApiError } from './http/errors.ts';
import type { AppEnv } from './http/env.ts';
import type { Deps } from './deps.ts';
import { onError, onNotFound } from './http/on-error.ts';
import { documentApi } from './http/openapi.ts';
import { validationHook } from './http/validation.ts';
import { historyRouter } from './history/index.ts';
import { insightsRouter } from './insights/index.ts';
import { recentRouter } from './recent/index.ts';
import { reviewsRouter } from './reviews/index.ts';
import { imagesRouter } from './images/images.routes.ts';
import { observe } from './ops/metrics.ts';
import { listingsRouter, moderationRouter } from './listings/index.ts';
import { savedSearchesRouter } from './saved-searches/index.ts';
import { feedsRouter } from './feeds/index.ts';
import { dealerRoutes } from './dealer-api/index.ts';
import { trustRouter } from './trust/index.ts';
import { subscriptionsRouter } from './subscriptions/index.ts';
import { usersRouter } from './users/index.ts';
import { vouchersRouter } from './vouchers/index.ts';

const MB = 1024 * 1024;
/** Routes that carry images as base64 get more room than the 1 MB every other body gets. */
const largeBodies: [RegExp, number][] = [
  [/^\/api\/cars\/(add|edit|request\/edit)\/?$/, 64 * MB],
  [/^\/api\/feeds\/runs\/?$/, 384 * MB],
  [/^\/api\/dealer\/v1\/listings(\/\d+)?\/?$/, 64 * MB],
  [/^\/api\/dealer\/v1\/listings\/upsert\/?$/, 16 * MB],
  [/^\/api\/(user\/register\/company|user\/update|ad\/(add|update))\/?$/, 16 * MB],
];
/**
 * The answer goes out before the body is read, so the connection cannot carry another request
 * (the server drops it rather than read the rest): the client is told so.
 */
const tooLarge = (c: Context) => {
  c.header('Connection', 'close');
  throw new ApiError(413, 'The request is too large');
};
const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
const limiter = (maxSize: number) => {
  const existing = limiters.get(maxSize);
  if (existing) return existing;
  const created = bodyLimit({ maxSize, onError: tooLarge });
  limiters.set(maxSize, created);
  return created;
};

/** The API under /api and the uploaded images under /images, on the given dependencies. */
export function createApp(deps: Deps) {
  const api = new OpenAPIHono<AppEnv>({ strict: false, defaultHook: validationHook }).basePath(
    '/api',
  );
  api.use(async (c, next) => {
    c.set('deps', deps);
    // No body to limit (and asking the request for it would build a full Request).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const size = largeBodies.find(([pattern]) => pattern.test(c.req.path))?.[1] ?? MB;
    return limiter(size)(c, next);
  });
  api.use(etag());
  api.use(compressAnswers());
  api.use(apiCaching);
  api.use(settleWrites);
  api.use(rejectUnstorableText);
  api.use(identify);

  const routes = api
    .route('/', authRouter)
    .route('/', emailConfirmationRouter)
    .route('/', privacyRouter)
    .route('/', historyRouter)
    .route('/', recentRouter)
    .route('/', reviewsRouter)
    .route('/', usersRouter)
    .route('/', configurationRouter)
    .route('/', catalogRouter)
    .route('/', moderationRouter)
    .route('/', trustRouter)
    .route('/', appealsRouter)
    .route('/', listingsRouter)
    .route('/', adsRouter)
    .route('/', contactRouter)
    .route('/', notificationsRouter)
    .route('/', conversationsRouter)
    .route('/', pushRouter)
    .route('/', paymentsRouter)
    .route('/', checkoutRouter)
    .route('/', vouchersRouter)
    .route('/', subscriptionsRouter)
    .route('/', insightsRouter)
    .route('/', savedSearchesRouter)
    .route('/', feedsRouter)
    .route('/', dealerRoutes);

  documentApi(routes, deps.config.PUBLIC_URL);
  routes.get('/docs', (c) => {
    c.header('Content-Security-Policy', docsPolicy);
    return c.html(docsPage);
  });
  routes.use(
    '/docs/assets/*',
    serveStatic({
      root: swaggerUiRoot,
      rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, ''),
    }),
  );

  const app = new Hono<AppEnv>({ strict: false });
  app.use(observe({ logRequests: deps.config.LOG_REQUESTS }));
  app.use(defaultPolicy);
  app.use('/images/*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.route('/images', imagesRouter);
  app.notFound((c) => (c.req.path.startsWith('/api') ? onNotFound(c) : c.text('Not found', 404)));
  app.onError(onError);
  // Returned as `route` answers it, so the app's type carries every route for the typed client.
  return app.route('/', routes);
}

/** The API's routes and payloads, for the typed client in shared/api (a type only). */
export type AppType = ReturnType<typeof createApp>;

const swaggerUiRoot = path.relative(
  process.cwd(),
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
);

const docsScript =
  "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });";
const docsPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Spotted API reference</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script>${docsScript}</script>
</body>
</html>`;
/** Swagger UI's icons are data: images; its one inline script is allowed by hash. */
const docsPolicy = pagePolicy({ script: [cspHash(docsScript)], img: ['data:'] });
