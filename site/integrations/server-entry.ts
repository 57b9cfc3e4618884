import { AsyncLocalStorage } from 'node:async_hooks';
import { createApp } from 'astro/app/entrypoint';
import {
  overwriteServerAsyncLocalStorage,
  type ParaglideAsyncLocalStorage,
} from '#shared/i18n/paraglide/runtime.js';

const app = createApp({ streaming: true });

/** The language of the page being rendered, which every message of the page and its islands reads. */
const pageLanguage = new AsyncLocalStorage() as ParaglideAsyncLocalStorage;
overwriteServerAsyncLocalStorage(pageLanguage);

/**
 * A page of the site as a `Response`, rendered with the server's `locals`; an address no page
 * answers gets the 404 page, rendered with them too.
 */
export const renderPage = (request: Request, locals: App.Locals): Promise<Response> =>
  pageLanguage.run({ locale: locals.locale }, () =>
    app.render(request, { locals, addCookieHeader: true }),
  );

export type RenderPage = typeof renderPage;
