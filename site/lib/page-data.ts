import type { AstroGlobal } from 'astro';
import type { PageData } from '#shared/page-data.ts';

type PageContext = Pick<AstroGlobal, 'locals'>;

/** The data functions the server hands every page (server/http/page-data.ts). */
export const pageData = (astro: PageContext): PageData => astro.locals.data;

/**
 * What `read` gives, or undefined once its failure is logged: for what a page can show itself
 * without (the spec only logs the lists' failures). A page keeps itself in the cache only when
 * nothing it reads failed.
 */
export async function readOrLog<T>(what: string, read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (err) {
    console.error(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}
