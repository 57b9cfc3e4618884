import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';

const types: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * Uploaded photos and logos. Keys carry a hash of the content, so a key never changes meaning and
 * browsers may keep a copy for a year.
 */
export const imagesRouter = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/images\//, '');
  const type = types[key.split('.').pop()?.toLowerCase() ?? ''];
  let body: Buffer | null = null;
  if (type) {
    try {
      body = await c.var.deps.storage.get(key);
    } catch {
      body = null;
    }
  }
  if (!body || !type) throw notFound('Image not found');
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': type,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  });
});
