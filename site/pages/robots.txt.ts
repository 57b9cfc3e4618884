import type { APIRoute } from 'astro';

/**
 * Private screens stay out of search engines: the back-office, the API, the account area, the
 * listing form, listing requests and the payment result. About, contact and the legal pages are
 * public reading and stay in.
 */
const disallowed = [
  '/admin',
  '/api/',
  '/account',
  '/profile-information',
  '/my-listings',
  '/my-subscriptions',
  '/credit-balance',
  '/my-transactions',
  '/subscription-transactions/',
  '/change-password',
  '/delete-account',
  '/download-my-data',
  '/favorites',
  '/notifications',
  '/add-listing',
  '/edit-listing/',
  '/edit-request-listing/',
  '/car/pending/',
  '/payment/',
  '/forgot-password',
];

/** /robots.txt: everything else is open; the sitemap lists the listings. */
export const GET: APIRoute = ({ url }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      ...disallowed.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${new URL('/sitemap.xml', url.origin).toString()}`,
      '',
    ].join('\n'),
    {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'public, max-age=86400',
      },
    },
  );
