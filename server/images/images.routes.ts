import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { NOTHING_POLICY } from '../http/security-headers.ts';
import { IMMUTABLE, isSafeKey } from '../storage/storage.ts';

const types: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * How long a browser keeps a redirect to the public bucket: not a year like the photo itself, so
 * that a changed STORAGE_PUBLIC_URL reaches everyone within a day.
 */
const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * Uploaded photos and logos, always re-encoded JPEG or WebP, streamed from the storage (local disk
 * or a bucket), or a redirect to the bucket's public address when STORAGE_PUBLIC_URL is set. A key
 * is never reused (newKey), so it never changes meaning and browsers may keep a copy for a year.
 */
export const imagesRouter = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/images\//, '');
  const type = types[key.split('.').pop()?.toLowerCase() ?? ''];
  if (!type) throw notFound('Image not found');
  const { storage, config } = c.var.deps;
  if (config.STORAGE_PUBLIC_URL && isSafeKey(key)) {
    const target = new URL(key, config.STORAGE_PUBLIC_URL.replace(/\/?$/, '/'));
    return c.body(null, 302, { Location: target.href, 'Cache-Control': REDIRECT_CACHE });
  }
  // A storage that cannot be reached is the error handler's (logged, 500), not a missing image.
  const object = isSafeKey(key) ? await storage.open(key) : null;
  if (!object) throw notFound('Image not found');
  return c.body(object.body, 200, {
    'Content-Type': type,
    ...(object.size === null ? {} : { 'Content-Length': String(object.size) }),
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': NOTHING_POLICY,
  });
});
