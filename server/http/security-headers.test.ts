import { once } from 'node:events';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { sandboxCheckouts } from '../db/schema/index.ts';
import { createFront, type RenderPage } from './front.ts';
import { PageCache } from './page-cache.ts';
import { pageData } from './page-data.ts';
import {
  cspHash,
  NOTHING_POLICY,
  securityHeaders,
  withSecurityHeaders,
} from './security-headers.ts';

/**
 * The process's HTTP server as server/main.ts builds it (createFront), the security headers on
 * every answer; the site is a stand-in that renders two pages the same for every visitor.
 */
let ctx: TestContext;
const servers: { url: string; close: () => Promise<void> }[] = [];

/** A page as the site renders it: Astro sends its own policy, with the hashes of its scripts. */
const PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-page'; frame-ancestors 'none'";
const PAGES: Record<string, string> = {
  '/cached': '<!doctype html><title>Cached</title>',
  '/kept': `<!doctype html><title>Kept</title>${'<p>A car</p>'.repeat(200)}`,
};
let renders = 0;
const renderPage: RenderPage = async (request, locals) => {
  renders++;
  locals.page.cacheFor(['listings']);
  const text = PAGES[new URL(request.url).pathname];
  return new Response(text ?? 'Not found', {
    status: text ? 200 : 404,
    headers: { 'content-type': 'text/html', 'content-security-policy': PAGE_POLICY },
  });
};

async function listen(publicUrl: string) {
  const front = createFront({
    api: ctx.app,
    ops: new Hono(),
    renderPage,
    data: pageData(ctx.deps),
    pages: new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 }),
    sharedPageCacheControl: 'public, s-maxage=5',
    clientDir: 'no-such-folder',
    logRequests: false,
  });
  const server = createServer(withSecurityHeaders(publicUrl, getRequestListener(front.fetch)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const entry = {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  servers.push(entry);
  return entry.url;
}

let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  base = await listen('http://127.0.0.1');
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await ctx.close();
});

/** A GET with `Accept-Encoding: accept` as Node's client sees it: headers as sent, body as sent. */
function rawGet(path: string, accept: string) {
  return new Promise<{ headers: IncomingHttpHeaders; rawHeaders: string[]; body: Buffer }>(
    (resolve, reject) => {
      get(`${base}${path}`, { headers: { 'accept-encoding': accept } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

/** The headers every answer carries on a site served over plain HTTP. */
function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toBe(
    'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  );
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('strict-transport-security')).toBeNull();
}

/** The `sources` a policy's `directive` lists. */
const sourcesOf = (policy: string, directive: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

describe('security headers', () => {
  it('an API answer: the headers, and a policy that loads and frames nothing', async () => {
    const res = await fetch(`${base}/api/configuration`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers.get('content-security-policy')).toBe(NOTHING_POLICY);

    const again = await fetch(`${base}/api/configuration`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect(again.headers.get('content-security-policy')).toBeNull();
  });

  it('an API error answer carries them too', async () => {
    const res = await fetch(`${base}/api/no-such-route`);
    expect(res.status).toBe(404);
    expectCommonHeaders(res.headers);
    expect(res.headers.get('content-security-policy')).toBe(NOTHING_POLICY);
  });

  it('an image, and a missing image', async () => {
    await ctx.deps.storage.put('test/pixel.png', Buffer.from('not really a png'), 'image/png');
    const image = await fetch(`${base}/images/test/pixel.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expectCommonHeaders(image.headers);
    expect(image.headers.get('content-security-policy')).toBe(NOTHING_POLICY);

    const missing = await fetch(`${base}/images/test/missing.png`);
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing.headers);
  });

  it('the sandbox checkout page: no framing, no script, its one style element by hash', async () => {
    await ctx.deps.db.insert(sandboxCheckouts).values({
      sessionId: 'sbx_headers',
      amountCents: 1000,
      currency: 'EUR',
      description: 'Top-up',
      successUrl: 'http://127.0.0.1/credit-balance',
    });
    const res = await fetch(`${base}/api/payment/sandbox/sbx_headers`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(sourcesOf(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(sourcesOf(policy, 'script-src')).toEqual(["'self'"]);
    expect(sourcesOf(policy, 'form-action')).toEqual(["'self'"]);
    const html = await res.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(sourcesOf(policy, 'style-src')).toEqual(["'self'", cspHash(styles[0]!)]);
    expect(html).not.toMatch(/<script/);
  });

  it('the API reference: its inline script is allowed by hash, nothing else inline', async () => {
    const res = await fetch(`${base}/api/docs`);
    expectCommonHeaders(res.headers);
    const policy = res.headers.get('content-security-policy') ?? '';
    const inline = [...(await res.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    );
    expect(inline).toHaveLength(1);
    expect(sourcesOf(policy, 'script-src')).toEqual(["'self'", cspHash(inline[0]!)]);
    expect(sourcesOf(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('a cached page keeps the policy it was rendered with; its 304 sends none over it', async () => {
    const first = await fetch(`${base}/cached`);
    const rendered = renders;
    const res = await fetch(`${base}/cached`);
    expect(renders).toBe(rendered);
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_POLICY);
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=5');
    expect(res.headers.get('etag')).toBe(first.headers.get('etag'));

    // A browser stores the headers of a 304 over those of the page it keeps: a default policy
    // there would replace the page's own.
    const again = await fetch(`${base}/cached`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect(again.headers.get('content-security-policy')).toBeNull();
  });

  it('a cached page in each encoding a client takes: whole, its length right, the headers once', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['identity', null],
    ] as const) {
      const rendered = await rawGet('/kept', accept);
      const before = renders;
      const answer = await rawGet('/kept', accept);
      expect(renders).toBe(before);
      expect(answer.body).toEqual(rendered.body);
      expect(answer.headers['content-encoding']).toBe(encoding ?? undefined);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      const unpacked = encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
      expect(unpacked.toString()).toBe(PAGES['/kept']);
      expect(answer.rawHeaders.filter((name) => /^x-frame-options$/i.test(name))).toHaveLength(1);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    const head = await fetch(`${base}/kept`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    expect(securityHeaders('http://spotted.example')).not.toHaveProperty(
      'Strict-Transport-Security',
    );
    const secure = await listen('https://spotted.example');
    const res = await fetch(`${secure}/api/configuration`);
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
