import type { AstroGlobal } from 'astro';
import type { LandingNames, LandingPage } from '#shared/landing.ts';
import { cachePage } from '../../lib/page-cache.ts';
import { pageData } from '../../lib/page-data.ts';

/** A landing address's outcome: its page, where to send the visitor, or not found. */
export type LandingOutcome =
  | { page: LandingPage; redirect: null }
  | { page: null; redirect: { to: string; status: 301 | 302 } | null };

/**
 * The landing page of a route's names. Another spelling of a page's address (capitals, a
 * trailing slash) sends to its canonical one for good; a set without cars, to the page above it
 * for now (cars may come back). A page found is kept in the page cache until its set changes.
 */
export async function loadLanding(
  astro: Pick<AstroGlobal, 'locals' | 'url'>,
  names: LandingNames,
): Promise<LandingOutcome> {
  const lower = (name: string | undefined) => name?.toLowerCase();
  const answer = await pageData(astro).landing({
    make: lower(names.make),
    model: lower(names.model),
    town: lower(names.town),
  });
  if (!answer.page)
    return {
      page: null,
      redirect: answer.redirect === null ? null : { to: answer.redirect, status: 302 },
    };
  if (astro.url.pathname !== answer.page.path)
    return { page: null, redirect: { to: answer.page.path, status: 301 } };
  cachePage(astro, answer.page.tags);
  return { page: answer.page, redirect: null };
}
