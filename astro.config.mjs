// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { contentSecurityPolicy } from './site/integrations/content-security-policy.ts';
import { precompress } from './site/integrations/precompress.ts';

// The site is rendered by Astro in middleware mode: server/main.ts owns the HTTP server and mounts
// the API, the uploaded images and this handler side by side on one port.
export default defineConfig({
  srcDir: './site',
  // SITE_DIST builds elsewhere, so a second build cannot pull files from under a running server.
  outDir: process.env.SITE_DIST ?? './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), precompress()],
  server: { port: 4321 },
  // Styles inline: one round trip less before the first paint (pages are cached compressed).
  build: { inlineStylesheets: 'always' },
  security: { csp: contentSecurityPolicy },
});
