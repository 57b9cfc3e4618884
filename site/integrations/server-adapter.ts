import type { AstroIntegration } from 'astro';

/**
 * The site built for Spotted's own server (server/main.ts): its entry renders a request into a
 * `Response`, and the server's Hono app sends it, with the API's ETag and compression.
 */
export function serverAdapter(): AstroIntegration {
  return {
    name: 'spotted-server',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'spotted-server',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./server-entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'unsupported',
            hybridOutput: 'unsupported',
            sharpImageService: 'stable',
            envGetSecret: 'unsupported',
          },
        });
      },
    },
  };
}
