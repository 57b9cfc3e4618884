import type { AstroComponentMetadata, SSRLoadedRendererValue, SSRResult } from 'astro';
import { createElement, memo, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * The site's server renderer for React components (registered by `react-to-string.ts` in place of
 * @astrojs/react's own, whose client side is unchanged). Two differences, both for speed:
 * - `check` answers without rendering. Astro asks each renderer whether a component is its own,
 *   and @astrojs/react found out by rendering the component once inside a test component, through
 *   a whole stream: every React component of a page was rendered twice. React is the site's only
 *   framework, so every component that reaches a renderer is React's (Astro's own never do).
 * - Components are rendered with `renderToString`, not through a web stream read back into a
 *   string (which cost a fifth of a listing page's first render). The site's server-rendered
 *   components suspend on nothing. @astrojs/react's `experimentalDisableStreaming` does the same
 *   but drops the identifier prefix, so `useId`'s ids no longer matched the browser's.
 */

/** Each island's `useId` prefix, unique within the page, as the browser's hydration expects. */
const islandsPerPage = new WeakMap<SSRResult, number>();
function identifierPrefix(result: SSRResult | undefined): string | undefined {
  if (!result) return undefined;
  const index = islandsPerPage.get(result) ?? 0;
  islandsPerPage.set(result, index + 1);
  return `r${index}`;
}

/** A slot's HTML, rendered by Astro, placed as it is (@astrojs/react's StaticHtml). */
const StaticHtml = memo(
  ({ value, name, hydrate }: { value: string; name?: string; hydrate: boolean }) =>
    value.trim() === ''
      ? null
      : createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
          name,
          suppressHydrationWarning: true,
          dangerouslySetInnerHTML: { __html: value },
        }),
  () => true,
);

const slotName = (name: string) =>
  name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

// React adds these for resources it meets; Astro's pages declare their own.
const resourceHints =
  /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

async function check(Component: unknown): Promise<boolean> {
  if (typeof Component === 'function') return true;
  if (typeof Component !== 'object' || Component === null) return false;
  const type = (Component as { $$typeof?: symbol }).$$typeof;
  return type?.description?.startsWith('react.') ?? false;
}

async function renderToStaticMarkup(
  this: { result?: SSRResult } | undefined,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Record<string, string>,
  metadata?: AstroComponentMetadata,
): Promise<{ html: string; attrs: Record<string, string> }> {
  const prefix = identifierPrefix(this?.result);
  // An island's slots stay `astro-slot`s for the browser's hydration; a static component's are plain.
  const hydrate = metadata?.astroStaticSlot ? Boolean(metadata.hydrate) : true;
  const { class: _class, ...rest } = props;
  const merged: Record<string, unknown> = { ...rest };
  for (const [key, value] of Object.entries(slotted))
    merged[slotName(key)] = createElement(StaticHtml, { value, name: slotName(key), hydrate });
  const content = children ?? rest.children;
  if (content != null)
    merged.children = createElement(StaticHtml, { value: String(content), hydrate });
  const html = renderToString(createElement(Component, merged), { identifierPrefix: prefix });
  return { html: html.replace(resourceHints, ''), attrs: prefix ? { prefix } : {} };
}

const renderer: SSRLoadedRendererValue = {
  name: '@astrojs/react',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
export default renderer;
