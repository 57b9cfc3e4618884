import { createRequire } from 'node:module';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { logger } from 'hono/logger';
import { adsRouter } from './ads/index.ts';
import { authRouter } from './auth/index.ts';
import { contactRouter } from './contact/index.ts';
import { notificationsRouter } from './notifications/index.ts';
import { checkoutRouter, paymentsRouter } from './payments/index.ts';
import { identify } from './auth/guard.ts';
import { catalogRouter } from './catalog/index.ts';
import { configurationRouter } from './configuration/index.ts';
import { apiCaching } from './http/caching.ts';
import { rejectNulBytes } from './http/nul-bytes.ts';
import { ApiError } from './http/errors.ts';
import type { AppEnv, Deps } from './http/env.ts';
import { onError, onNotFound } from './http/on-error.ts';
import { validationHook } from './http/validation.ts';
import { imagesRouter } from './images/images.routes.ts';
import { listingsRouter, moderationRouter } from './listings/index.ts';
import { subscriptionsRouter } from './subscriptions/index.ts';
import { usersRouter } from './users/index.ts';
import { vouchersRouter } from './vouchers/index.ts';

const MB = 1024 * 1024;
/** Routes that carry images as base64 get more room than the 1 MB every other body gets. */
const largeBodies: [RegExp, number][] = [
  [/^\/api\/cars\/(add|edit|request\/edit)\/?$/, 64 * MB],
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
  if (deps.config.LOG_REQUESTS) api.use(logger());
  api.use(async (c, next) => {
    c.set('deps', deps);
    const size = largeBodies.find(([pattern]) => pattern.test(c.req.path))?.[1] ?? MB;
    return limiter(size)(c, next);
  });
  api.use(...apiCaching);
  api.use(rejectNulBytes);
  api.use(identify);

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  const routes = api
    .route('/', authRouter)
    .route('/', usersRouter)
    .route('/', configurationRouter)
    .route('/', catalogRouter)
    .route('/', moderationRouter)
    .route('/', listingsRouter)
    .route('/', adsRouter)
    .route('/', contactRouter)
    .route('/', notificationsRouter)
    .route('/', paymentsRouter)
    .route('/', checkoutRouter)
    .route('/', vouchersRouter)
    .route('/', subscriptionsRouter);

  routes.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Spotted API',
      version: '1.0.0',
      description:
        'Every response is {code, message, data}: code 0 on success; otherwise the HTTP status, ' +
        'and a message that screens show as-is.',
    },
  });
  routes.get('/docs', (c) => c.html(docsPage));
  routes.use(
    '/docs/assets/*',
    serveStatic({
      root: swaggerUiRoot,
      rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, ''),
    }),
  );

  const app = new Hono<AppEnv>({ strict: false });
  app.use('/images/*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.route('/images', imagesRouter);
  app.route('/', routes);
  app.notFound((c) => (c.req.path.startsWith('/api') ? onNotFound(c) : c.text('Not found', 404)));
  app.onError(onError);
  return app;
}

const swaggerUiRoot = path.relative(
  process.cwd(),
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
);

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
  <script>
    window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });
  </script>
</body>
</html>`;
