import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { createFront, type RenderPage } from './front.ts';
import { PageCache } from './page-cache.ts';
import { pageData } from './page-data.ts';

const options = { maxBytes: 1_000_000, ttlMs: 60_000 };
const html = (text: string) => `<html><body>${text.repeat(50)}</body></html>`;

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
  cache.keeper()(key, new Response(html(text), { headers: { 'content-type': 'text/html' } }), tags);

describe('the page cache', () => {
  it('keeps an answer as it was sent, with its length', async () => {
    const cache = new PageCache(options);
    const answered = await store(cache, '/car/1', ['listing:1']);
    expect(await answered.text()).toBe(html('/car/1'));
    const kept = cache.answer('/car/1');
    expect(await kept?.text()).toBe(html('/car/1'));
    expect(kept?.headers.get('content-length')).toBe(String(html('/car/1').length));
    expect(cache.size).toEqual({ pages: 1, bytes: html('/car/1').length + '/car/1'.length });
  });

  it('forgets exactly the pages a change notice names', async () => {
    const changes = notices();
    const cache = new PageCache(options, changes);
    await store(cache, '/car/1', ['listing:1', 'seller:7', 'listing:2', 'reference']);
    await store(cache, '/car/3', ['listing:3', 'seller:8', 'reference']);
    await store(cache, '/search', ['listings', 'reference']);
    await store(cache, '/', ['listings', 'ads', 'reference']);

    changes.send('listing:2');
    expect(cache.answer('/car/1')).toBeUndefined();
    expect(cache.answer('/car/3')).toBeDefined();
    expect(cache.answer('/search')).toBeUndefined();
    expect(cache.answer('/')).toBeUndefined();

    changes.send('seller:9');
    expect(cache.answer('/car/3')).toBeDefined();
    changes.send('seller:8');
    expect(cache.answer('/car/3')).toBeUndefined();

    await store(cache, '/', ['listings', 'ads', 'reference']);
    changes.send('ads');
    expect(cache.answer('/')).toBeUndefined();

    await store(cache, '/car/3', ['listing:3']);
    changes.send('*');
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
  });

  it('answers but keeps no page whose render a change notice overtook', async () => {
    const changes = notices();
    const cache = new PageCache(options, changes);
    const page = () => new Response(html('/car/1'));
    // The render starts; the listing changes while it reads; the page it made may show the old car.
    const keep = cache.keeper();
    changes.send('listing:1');
    const answered = await keep('/car/1', page(), ['listing:1']);
    expect(await answered.text()).toBe(html('/car/1'));
    expect(cache.answer('/car/1')).toBeUndefined();
    // A render that starts after the notice is kept.
    await cache.keeper()('/car/1', page(), ['listing:1']);
    expect(cache.answer('/car/1')).toBeDefined();
  });

  it('serves a page no longer than its time to live', async () => {
    const cache = new PageCache({ ...options, ttlMs: 1000 });
    await store(cache, '/car/1', ['listing:1']);
    expect(cache.answer('/car/1', Date.now() + 500)).toBeDefined();
    expect(cache.answer('/car/1', Date.now() + 1500)).toBeUndefined();
  });

  it('stays within its bytes, forgetting the least recently used first', async () => {
    const one = html('/car/0').length + '/car/0'.length;
    const cache = new PageCache({ ...options, maxBytes: one * 4.5 });
    for (let i = 1; i <= 4; i++) await store(cache, `/car/${i}`, [`listing:${i}`], '/car/0');
    cache.answer('/car/1');
    await store(cache, '/car/5', ['listing:5'], '/car/0');
    expect(cache.size.bytes).toBeLessThanOrEqual(one * 4.5);
    expect(cache.answer('/car/2')).toBeUndefined();
    expect(cache.answer('/car/1')).toBeDefined();
    expect(cache.answer('/car/5')).toBeDefined();
  });
});

describe('the site behind the page cache (createFront)', () => {
  let ctx: TestContext;
  let base: string;
  let close: () => Promise<void>;
  const changes = notices();
  const rendered: string[] = [];
  /**
   * The stand-in site: /car/1 is the same for everyone, /account is not; each says its language
   * and its render.
   */
  const renderPage: RenderPage = async (request, locals) => {
    const path = new URL(request.url).pathname;
    rendered.push(`${request.method} ${path}`);
    const unit = request.headers.get('cookie')?.match(/mileage-unit=(\w+)/)?.[1] ?? 'mi';
    if (path === '/car/1') locals.page.cacheFor(['listing:1']);
    return new Response(html(`${path} in ${locals.locale} render ${rendered.length} in ${unit}`), {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const front = createFront({
      api: ctx.app,
      ops: new Hono(),
      renderPage,
      data: pageData(ctx.deps),
      pages: new PageCache(options, changes),
      sharedPageCacheControl: 'public, s-maxage=5',
      clientDir: 'no-such-folder',
      logRequests: false,
    });
    const server = createServer(getRequestListener(front.fetch));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    };
  });
  afterAll(async () => {
    await close();
    await ctx.close();
  });

  it('renders a page once per encoding, then answers it from the cache, 304 to its ETag', async () => {
    const url = `${base}/car/1?from=search`;
    const first = await fetch(url);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toBe('public, s-maxage=5');
    const page = await first.text();
    const again = await fetch(url);
    expect(await again.text()).toBe(page);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text()).toBe(
      await plain.text(),
    );
    expect(rendered.filter((r) => r === 'GET /car/1')).toHaveLength(2);

    const known = await fetch(url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(known.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(rendered.filter((r) => r === 'GET /car/1')).toHaveLength(2);
  });

  it('renders for credentials, for other methods, for pages not the same for all, and after a change', async () => {
    const url = `${base}/car/1?from=search`;
    await fetch(url);
    const count = () => rendered.filter((r) => r.endsWith(' /car/1')).length;
    const before = count();
    await fetch(url, { headers: { authorization: 'Bearer token' } });
    await fetch(url, { method: 'POST' });
    expect(count()).toBe(before + 2);
    changes.send('listing:1');
    const fresh = await fetch(url);
    expect(await fresh.text()).toContain(`render ${rendered.length}`);
    expect(count()).toBe(before + 3);

    const account = await fetch(`${base}/account`);
    expect(account.headers.get('cache-control')).toBe('no-cache');
    await fetch(`${base}/account`);
    expect(rendered.filter((r) => r === 'GET /account')).toHaveLength(2);
  });

  it('keeps a page apart for each mileage unit a visitor chose, and one for any other cookie', async () => {
    const url = `${base}/car/1?units`;
    const renderedBefore = rendered.filter((r) => r === 'GET /car/1').length;
    const seen = (cookie?: string) =>
      fetch(url, { headers: cookie ? { cookie } : {} }).then((r) => r.text());
    expect(await seen()).toContain('in mi');
    expect(await seen('mileage-unit=km')).toContain('in km');
    expect(await seen('theme=dark; mileage-unit=km')).toContain('in km');
    expect(await seen('mileage-unit=mi')).toContain('in mi');
    expect(await seen('mileage-unit=furlongs')).toContain('in mi');
    expect(await seen('mileage-unit=leagues')).toContain('in mi');
    // Once for no choice (the unknown units among them), once for km, once for mi.
    expect(rendered.filter((r) => r === 'GET /car/1')).toHaveLength(3 + renderedBefore);
  });

  it('renders a page in the language of its address, keeps each language apart and drops them together', async () => {
    const english = await (await fetch(`${base}/car/1?lang=test`)).text();
    const maltese = await (await fetch(`${base}/mt/car/1?lang=test`)).text();
    const italian = await (await fetch(`${base}/it/car/1?lang=test`)).text();
    expect(english).toContain('/car/1 in en');
    expect(maltese).toContain('/car/1 in mt');
    expect(italian).toContain('/car/1 in it');
    expect(await (await fetch(`${base}/mt/car/1?lang=test`)).text()).toBe(maltese);
    expect(await (await fetch(`${base}/car/1?lang=test`)).text()).toBe(english);

    changes.send('listing:1');
    const fresh = await (await fetch(`${base}/mt/car/1?lang=test`)).text();
    expect(fresh).toContain('/car/1 in mt');
    expect(fresh).not.toBe(maltese);
  });
});
