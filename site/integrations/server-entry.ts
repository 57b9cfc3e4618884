import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: true });

/**
 * A page of the site as a `Response`, rendered with the server's `locals`; an address no page
 * answers gets the 404 page, rendered with them too.
 */
export const renderPage = (request: Request, locals: App.Locals): Promise<Response> =>
  app.render(request, { locals, addCookieHeader: true });

export type RenderPage = typeof renderPage;
