import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { negotiate } from './encoding.ts';
import { keptPages, PageCache } from './page-cache.ts';

const options = { maxBytes: 1_000_000, ttlMs: 60_000, cacheControl: 'public, s-maxage=60' };
const html = (text: string) => Buffer.from(`<html><body>${text.repeat(50)}</body></html>`);

function notices() {
  const listeners = new Set<(tag: string) => void>();
  return {
    subscribe(listener: (tag: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (tag: string) => listeners.forEach((l) => l(tag)),
  };
}

const store = (cache: PageCache, key: string, tags: string[], text = key) =>
  cache.keeper()(key, {
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: html(text),
    tags,
  });

describe('the page cache', () => {
  it('keeps a page in brotli, and gives it in every encoding a client asks for', async () => {
    const cache = new PageCache(options);
    await store(cache, '/car/1', ['listing:1']);
    const page = cache.get('/car/1');
    if (!page) throw new Error('the page was not kept');
    const text = html('/car/1').toString();
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(text);
    expect(page.bodies.gzip).toBeUndefined();
    const kept = cache.size.bytes;
    expect(gunzipSync(cache.body(page, 'gzip')).toString()).toBe(text);
    // gzip is made once, at the first client that asks, and counted in the cache's bytes.
    expect(cache.body(page, 'gzip')).toBe(page.bodies.gzip);
    expect(cache.size.bytes).toBe(kept + (page.bodies.gzip?.length ?? 0));
    expect(cache.body(page, 'identity').toString()).toBe(text);
    expect(page.etag).toMatch(/^"[\w-]+"$/);
  });

  it('holds no more memory than the bytes it counts', async () => {
    const cache = new PageCache(options);
    const page = await store(cache, '/car/1', ['listing:1'], 'a listing page of some length ');
    cache.body(page, 'gzip');
    // zlib's answers are views of 64 KB chunks; a kept body has memory of its own size.
    for (const body of [page.bodies.br, page.bodies.gzip]) {
      expect(body?.buffer.byteLength).toBe(body?.length);
    }
    expect(cache.size.bytes).toBe(page.bodies.br.length + (page.bodies.gzip?.length ?? 0) + 6);
  });

  it('forgets exactly the pages a change notice names', async () => {
    const changes = notices();
    const cache = new PageCache(options, changes);
    await store(cache, '/car/1', ['listing:1', 'seller:7', 'listing:2', 'reference']);
    await store(cache, '/car/3', ['listing:3', 'seller:8', 'reference']);
    await store(cache, '/search', ['listings', 'reference']);
    await store(cache, '/', ['listings', 'ads', 'reference']);

    changes.send('listing:2');
    expect(cache.get('/car/1')).toBeUndefined();
    expect(cache.get('/car/3')).toBeDefined();
    expect(cache.get('/search')).toBeUndefined();
    expect(cache.get('/')).toBeUndefined();

    changes.send('seller:9');
    expect(cache.get('/car/3')).toBeDefined();
    changes.send('seller:8');
    expect(cache.get('/car/3')).toBeUndefined();

    await store(cache, '/', ['listings', 'ads', 'reference']);
    changes.send('ads');
    expect(cache.get('/')).toBeUndefined();

    await store(cache, '/car/3', ['listing:3']);
    changes.send('*');
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
  });

  it('answers but keeps no page whose render a change notice overtook', async () => {
    const changes = notices();
    const cache = new PageCache(options, changes);
    const page = { status: 200, headers: {}, body: html('/car/1'), tags: ['listing:1'] };
    // The render starts; the listing changes while it reads; the page it made may show the old car.
    const keep = cache.keeper();
    changes.send('listing:1');
    const answered = await keep('/car/1', page);
    expect(brotliDecompressSync(answered.bodies.br).toString()).toBe(page.body.toString());
    expect(cache.get('/car/1')).toBeUndefined();
    // A render that starts after the notice is kept.
    await cache.keeper()('/car/1', page);
    expect(cache.get('/car/1')).toBeDefined();
  });

  it('serves a page no longer than its time to live', async () => {
    const cache = new PageCache({ ...options, ttlMs: 1000 });
    await store(cache, '/car/1', ['listing:1']);
    expect(cache.get('/car/1', Date.now() + 500)).toBeDefined();
    expect(cache.get('/car/1', Date.now() + 1500)).toBeUndefined();
  });

  it('stays within its bytes, forgetting the least recently used first', async () => {
    const probe = new PageCache(options);
    const one = (await store(probe, '/car/0', [])).bytes;
    const cache = new PageCache({ ...options, maxBytes: one * 4.5 });
    for (let i = 1; i <= 4; i++) await store(cache, `/car/${i}`, [`listing:${i}`], '/car/0');
    cache.get('/car/1');
    await store(cache, '/car/5', ['listing:5'], '/car/0');
    expect(cache.size.bytes).toBeLessThanOrEqual(one * 4.5);
    expect(cache.get('/car/2')).toBeUndefined();
    expect(cache.get('/car/1')).toBeDefined();
    expect(cache.get('/car/5')).toBeDefined();
  });
});

describe('keptPages (the middleware that answers from the page cache)', () => {
  it('answers a kept page to anonymous GET and HEAD; credentials, other methods and changed pages go on', async () => {
    const changes = notices();
    const pages = new PageCache(options, changes);
    await store(pages, '/car/1?from=search', ['listing:1'], 'kept');
    const app = new Hono<{ Bindings: HttpBindings }>();
    app.use(keptPages(pages));
    app.all('*', (c) => c.text('rendered'));
    const server = createServer(getRequestListener(app.fetch));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/car/1?from=search`;
    try {
      const anonymous = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      expect(await anonymous.text()).toBe(html('kept').toString());
      expect(anonymous.headers.get('content-encoding')).toBe('br');
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(anonymous.headers.get('etag'));
      expect(await head.text()).toBe('');
      const known = await fetch(url, { headers: { 'if-none-match': head.headers.get('etag')! } });
      expect(known.status).toBe(304);
      const signedIn = await fetch(url, { headers: { authorization: 'Bearer token' } });
      expect(await signedIn.text()).toBe('rendered');
      expect(await (await fetch(url, { method: 'POST' })).text()).toBe('rendered');
      changes.send('listing:1');
      expect(await (await fetch(url)).text()).toBe('rendered');
    } finally {
      server.close();
    }
  });
});

describe('content negotiation', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});
