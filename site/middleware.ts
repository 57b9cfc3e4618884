import { defineMiddleware } from 'astro:middleware';

/** Every rendered answer leaves through the server's delivery: compressed, cached when a page asks. */
export const onRequest = defineMiddleware(async ({ locals }, next) => {
  const response = await next();
  return locals.page.deliver(response);
});
