import type { APIRoute } from 'astro';
import { locales, localisedPath } from '#shared/i18n/language.ts';
import { pageData } from '../lib/page-data.ts';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (iso: string) => iso.slice(0, 10);

/** The most addresses one sitemap may hold (the sitemap protocol's limit). */
const SITEMAP_MAX = 50_000;

/**
 * /sitemap.xml: home, search, every landing page with cars (a make, model, town, make in a town)
 * and every live listing with its date, newest first, each at its address in every language with
 * the others named as its alternates, as many as one sitemap holds.
 */
export const GET: APIRoute = async (context) => {
  let cars: { id: number; createdAt: string }[];
  let landings: string[];
  try {
    [cars, landings] = await Promise.all([
      pageData(context).sitemap(),
      pageData(context).landingPaths(),
    ]);
  } catch (err) {
    console.error('Sitemap not built:', err);
    return new Response('The sitemap is not available right now.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' },
    });
  }
  const url = (path: string) => new URL(path, context.url.origin).toString();
  const newest = cars.reduce((latest, c) => (c.createdAt > latest ? c.createdAt : latest), '');
  const entries = [
    { path: '/', lastmod: newest },
    { path: '/search', lastmod: newest },
    ...landings.map((path) => ({ path, lastmod: '' })),
    ...cars.map((c) => ({ path: `/car/${c.id}`, lastmod: c.createdAt })),
  ].slice(0, Math.floor(SITEMAP_MAX / locales.length));
  const alternates = (path: string) =>
    locales
      .map(
        (each) =>
          `<xhtml:link rel="alternate" hreflang="${each}" href="${escape(url(localisedPath(path, each)))}"/>`,
      )
      .join('');
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.flatMap((e) =>
      locales.map(
        (each) =>
          `  <url><loc>${escape(url(localisedPath(e.path, each)))}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}${alternates(e.path)}</url>`,
      ),
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
