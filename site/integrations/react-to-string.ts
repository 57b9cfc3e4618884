import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';

/**
 * @astrojs/react with the site's own server renderer (`react-server.ts`): the same JSX build,
 * client hydration and options, but components are rendered to a string once each.
 */
export function reactToString(): AstroIntegration {
  const base = react();
  const setup = base.hooks['astro:config:setup'];
  return {
    ...base,
    hooks: {
      ...base.hooks,
      'astro:config:setup': (options) =>
        setup?.({
          ...options,
          addRenderer: (renderer) =>
            options.addRenderer({
              ...renderer,
              serverEntrypoint: new URL('./react-server.ts', import.meta.url),
            }),
        }),
    },
  };
}
