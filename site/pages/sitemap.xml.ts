import type { APIRoute } from 'astro';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { serverApi } from '../lib/server-api.ts';

const PAGE_SIZE = 100;
/** A guard against a search that never ends (50,000 is the sitemap protocol's limit). */
const MAX_PAGES = 498;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (iso: string) => iso.slice(0, 10);

/** Every live listing, through the public search a page of 100 at a time. */
async function liveListings(api: ReturnType<typeof serverApi>) {
  const cars: CarCard[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const res = await api.call((r) =>
      r.cars.search.$post({ json: { pageNumber, pageSize: PAGE_SIZE } }),
    );
    if (res.code !== 0) throw new Error(res.message);
    cars.push(...res.data.cars);
    if (!res.data.cars.length || cars.length >= res.data.totalCount) break;
  }
  return cars;
}

/** /sitemap.xml: home, search and every live listing with its date. */
export const GET: APIRoute = async (context) => {
  let cars: CarCard[];
  try {
    cars = await liveListings(serverApi(context));
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
    { loc: url('/'), lastmod: newest },
    { loc: url('/search'), lastmod: newest },
    ...cars.map((c) => ({ loc: url(`/car/${c.id}`), lastmod: c.createdAt })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `  <url><loc>${escape(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
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
