import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** The `client:painted` directive (site/scripts/painted-directive.ts). */
export function paintedDirective(): AstroIntegration {
  return {
    name: 'spotted:painted-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('../scripts/painted-directive.ts', import.meta.url)),
        }),
    },
  };
}
