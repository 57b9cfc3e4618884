/** The visitor's mileage unit where a page is rendered and where an island runs. */
import type { AstroGlobal } from 'astro';
import { mileageUnitOf, type MileageUnit } from '#shared/mileage.ts';

/**
 * The unit a page renders in: the visitor's cookie, else the page's language's. The page cache
 * keeps a page once per unit cookie (server/http/page-cache.ts), so a cached page may depend on it.
 */
export const pageMileageUnit = (astro: Pick<AstroGlobal, 'request' | 'locals'>) =>
  mileageUnitOf(astro.request.headers.get('cookie'), astro.locals.locale);

/** The unit in the browser: the cookie, else the document's language's. */
export const browserMileageUnit = (): MileageUnit =>
  mileageUnitOf(document.cookie, document.documentElement.lang);
