import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pageRequest, processListener } from './listener.ts';
import { PageCache } from './page-cache.ts';

describe('processListener', () => {
  it('answers a kept page to anonymous visitors, and a request with credentials from the app', async () => {
    const pages = new PageCache({ maxBytes: 1 << 20, ttlMs: 60_000, cacheControl: 'public' });
    await pages.store('/kept', {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from('<p>kept</p>'),
      tags: [],
    });
    const server = createServer(
      processListener('http://127.0.0.1', pages, (_req, res) => res.end('<p>rendered</p>')),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kept`;
    try {
      const anonymous = await fetch(url);
      expect(await anonymous.text()).toBe('<p>kept</p>');
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.headers.get('etag')).toBe(anonymous.headers.get('etag'));
      expect(await head.text()).toBe('');
      const signedIn = await fetch(url, { headers: { authorization: 'Bearer token' } });
      expect(await signedIn.text()).toBe('<p>rendered</p>');
    } finally {
      server.close();
    }
  });
});

describe('pageRequest (what a kept page answer depends on, from the raw headers)', () => {
  it('reads the validator and the encodings whatever their case', () => {
    const raw = ['Host', 'x', 'Accept-Encoding', 'br, gzip', 'IF-NONE-MATCH', '"abc"'];
    expect(pageRequest(raw, false)).toEqual({
      ifNoneMatch: '"abc"',
      acceptEncoding: 'br, gzip',
      head: false,
    });
  });

  it('passes over headers of the same length', () => {
    const raw = ['Cache-Control', 'no-cache', 'Accept-Language', 'mt, en'];
    expect(pageRequest(raw, true)).toEqual({
      ifNoneMatch: undefined,
      acceptEncoding: undefined,
      head: true,
    });
  });

  it('joins repeated headers as Node does, so two validators match no page', () => {
    const raw = ['accept-encoding', 'gzip', 'accept-encoding', 'br', 'if-none-match', '"a"'];
    expect(pageRequest([...raw, 'if-none-match', '"b"'], false)).toEqual({
      ifNoneMatch: '"a", "b"',
      acceptEncoding: 'gzip, br',
      head: false,
    });
  });

  it('is null for a request with credentials: kept pages are for anonymous visitors', () => {
    expect(pageRequest(['Accept-Encoding', 'br', 'Authorization', 'Bearer t'], false)).toBeNull();
  });
});
