import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { createApp } from '../app.ts';

/**
 * Mounts the API and the images on the process's HTTP server. The connection goes along, so the
 * API sees the client's address (per-address limits, view counts): without it every browser
 * would be one `unknown` client.
 */
export function mountApi(
  server: Hono<{ Bindings: HttpBindings }>,
  api: ReturnType<typeof createApp>,
) {
  server.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  server.all('/api', (c) => api.fetch(c.req.raw, c.env));
  server.get('/images/*', (c) => api.fetch(c.req.raw, c.env));
}
