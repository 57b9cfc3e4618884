// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { contentSecurityPolicy } from './site/integrations/content-security-policy.ts';
import { precompress } from './site/integrations/precompress.ts';
import { serverAdapter } from './site/integrations/server-adapter.ts';

// The site is rendered into Responses for server/main.ts, which owns the HTTP server and serves
// the API, the uploaded images and the pages side by side on one port.
export default defineConfig({
  srcDir: './site',
  // SITE_DIST builds elsewhere, so a second build cannot pull files from under a running server.
  outDir: process.env.SITE_DIST ?? './dist',
  output: 'server',
  adapter: serverAdapter(),
  integrations: [react(), precompress()],
  server: { port: 4321 },
  // Styles inline: one round trip less before the first paint (pages are cached compressed).
  build: { inlineStylesheets: 'always' },
  security: { csp: contentSecurityPolicy },
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Fewer scripts before the first paint: the shell every page runs (the Base layout's
              // script) is one file with what it imports, instead of a chain of a dozen small ones
              // fetched one level after another; React is one file. Modules run when first
              // imported, not when their file loads, so a page that imports one function of the
              // shell's file does not run the shell.
              strictExecutionOrder: true,
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    priority: 20,
                  },
                  {
                    name: 'shell',
                    test: /[\\/]layouts[\\/]Base\.astro\?astro&type=script/,
                    priority: 10,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
