import { defineMiddleware } from 'astro:middleware';
import { moduleScriptsAfterPhoto } from './lib/after-photo.ts';

/** Every rendered answer leaves through the server's delivery: compressed, cached when a page asks. */
export const onRequest = defineMiddleware(async ({ locals }, next) => {
  let response = await next();
  if (locals.scriptsAfterPhoto) {
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    response = new Response(moduleScriptsAfterPhoto(await response.text()), {
      status: response.status,
      headers,
    });
  }
  return locals.page ? locals.page.deliver(response) : response;
});
