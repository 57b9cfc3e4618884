import type { AstroGlobal } from 'astro';

/**
 * Marks a page as the same for every visitor, kept until what `tags` name changes:
 * `listing:<id>`, `seller:<id>`, `listings` (any live listing), `reference` (makes, lists and the
 * configuration), `ads`, `card:<id>` (what a card shows) and a landing set's `cars:…`. Only for pages whose HTML depends on nothing of the visitor.
 */
export function cachePage(astro: Pick<AstroGlobal, 'locals'>, tags: string[]) {
  astro.locals.page.cacheFor(tags);
}
