import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drain } from '../ops/shutdown.ts';
import { processListener } from './listener.ts';
import { laneRequest, pageLane, type Lane } from './page-lane.ts';
import { PageCache } from './page-cache.ts';

const KEPT = '<p>kept</p>'.repeat(200);

/** A raw connection that reads whole answers (heads and bodies by Content-Length). */
class Client {
  readonly socket: Socket;
  #buffer = Buffer.alloc(0);
  #waiting: (() => void) | undefined;
  ended = false;

  /** `halfOpen`: a client that keeps its side open when the server has ended its own. */
  constructor(port: number, halfOpen = false) {
    this.socket = connect({ port, host: '127.0.0.1', allowHalfOpen: halfOpen });
    this.socket.on('data', (data: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, data]);
      this.#waiting?.();
    });
    this.socket.on('end', () => {
      this.ended = true;
      this.#waiting?.();
    });
  }

  send(...parts: string[]) {
    for (const part of parts) this.socket.write(part);
  }

  /** The next answer; `head` for an answer without a body. */
  async answer(head = false) {
    for (;;) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const lines = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
        const [, status = ''] = /^HTTP\/1\.1 (\d{3}) /.exec(lines[0] ?? '') ?? [];
        const headers = new Map<string, string>();
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
        }
        const chunked = headers.get('transfer-encoding') === 'chunked';
        const length = head || chunked ? 0 : Number(headers.get('content-length') ?? 0);
        if (this.#buffer.length >= end + 4 + length) {
          let body = this.#buffer.subarray(end + 4, end + 4 + length);
          let rest = this.#buffer.subarray(end + 4 + length);
          if (chunked) {
            const last = rest.indexOf('0\r\n\r\n');
            if (last < 0) {
              await this.#more();
              continue;
            }
            body = Buffer.from(
              rest
                .subarray(0, last)
                .toString('latin1')
                .replace(/(?:^|\r\n)[0-9a-f]+\r\n/g, ''),
            );
            rest = rest.subarray(last + 5);
          }
          this.#buffer = rest;
          return { status: Number(status), headers, body };
        }
      }
      if (this.ended) throw new Error('the connection ended before a whole answer');
      await this.#more();
    }
  }

  #more() {
    return new Promise<void>((resolve) => (this.#waiting = resolve));
  }
}

const get = (target: string, ...headers: string[]) =>
  `GET ${target} HTTP/1.1\r\nHost: spotted.test\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

describe('the page lane', () => {
  let server: Server;
  let lane: Lane;
  let port: number;
  /** What reached Node's http and the app: the lane answered the rest. */
  const reachedNode: string[] = [];

  beforeAll(async () => {
    const pages = new PageCache({
      maxBytes: 1 << 20,
      ttlMs: 60_000,
      cacheControl: 'public',
      headers: { 'x-content-type-options': 'nosniff' },
    });
    await pages.store('/kept', {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public',
        'content-security-policy': "default-src 'self'",
      },
      body: Buffer.from(KEPT),
      tags: [],
    });
    server = createServer(
      processListener('http://spotted.test', pages, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => res.end(`${req.method} ${req.url} ${Buffer.concat(chunks).length}`));
      }),
    );
    server.prependListener('request', (req) => reachedNode.push(`${req.method} ${req.url}`));
    lane = pageLane(server, pages);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => server.closeAllConnections());

  it('answers kept pages on a kept-alive connection, as Node would, without Node', async () => {
    reachedNode.length = 0;
    const client = new Client(port);
    client.send(get('/kept', 'Accept-Encoding: gzip, deflate, br'));
    const first = await client.answer();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('connection')).toBe('keep-alive');
    expect(first.headers.get('date')).toMatch(/GMT$/);
    expect(first.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(brotliDecompressSync(first.body).toString()).toBe(KEPT);

    client.send(get('/kept', 'Accept-Encoding: gzip'));
    const gzipped = await client.answer();
    expect(gunzipSync(gzipped.body).toString()).toBe(KEPT);
    client.send(get('/kept'));
    expect((await client.answer()).body.toString()).toBe(KEPT);
    expect(reachedNode).toEqual([]);

    // The same page through Node's http carries the same headers but for the connection's.
    const viaNode = await fetch(`http://127.0.0.1:${port}/kept`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(await viaNode.text()).toBe('GET /kept 0');
    client.socket.destroy();
  });

  it('answers 304 to the page’s validator, and HEAD with the headers alone', async () => {
    const client = new Client(port);
    client.send(get('/kept'));
    const { headers } = await client.answer();
    client.send(get('/kept', `If-None-Match: ${headers.get('etag')}`));
    const notModified = await client.answer(true);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(headers.get('etag'));
    expect(notModified.headers.has('content-security-policy')).toBe(false);
    client.send(`HEAD /kept HTTP/1.1\r\nHost: spotted.test\r\n\r\n`);
    const head = await client.answer(true);
    expect(head.headers.get('content-length')).toBe(String(KEPT.length));
    client.send(get('/kept'));
    expect((await client.answer()).body.toString()).toBe(KEPT);
    client.socket.destroy();
  });

  it('closes the connection after the answer when the client asks', async () => {
    const client = new Client(port);
    client.send(get('/kept', 'Connection: close'));
    const answer = await client.answer();
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.body.toString()).toBe(KEPT);
    await once(client.socket, 'close');
    expect(client.ended).toBe(true);
  });

  it('gives the connection to Node at its first other request, with what was read, for good', async () => {
    reachedNode.length = 0;
    const client = new Client(port);
    client.send(get('/kept'));
    expect((await client.answer()).body.toString()).toBe(KEPT);
    // A request with a body, split over two writes.
    client.send(
      'POST /form HTTP/1.1\r\nHost: spotted.test\r\nContent-Length: 10\r\n\r\n12345',
      '67890',
    );
    expect((await client.answer()).body.toString()).toBe('POST /form 10');
    client.send(get('/kept'));
    expect((await client.answer()).body.toString()).toBe(KEPT);
    expect(reachedNode).toEqual(['POST /form', 'GET /kept']);
    client.socket.destroy();
  });

  it('leaves to Node what is not a plain request of a kept page', async () => {
    reachedNode.length = 0;
    const client = new Client(port);
    // Two requests in one write: Node answers both, in order.
    client.send(get('/kept') + get('/other'));
    expect((await client.answer()).body.toString()).toBe(KEPT);
    expect((await client.answer()).body.toString()).toBe('GET /other 0');
    expect(reachedNode).toEqual(['GET /kept', 'GET /other']);
    client.socket.destroy();

    const bad = new Client(port);
    bad.send('GET /kept HTTP/1.1\r\nHost: a\r\nHost: b\r\n X: folded\r\n\r\n');
    expect((await bad.answer()).status).toBe(400);
    bad.socket.destroy();
  });

  it('lets a shutdown close its idle connections', async () => {
    const client = new Client(port);
    client.send(get('/kept'));
    await client.answer();
    const drained = drain(server, 2_000, lane);
    await once(client.socket, 'end');
    client.socket.destroy();
    expect(await drained).toBe(0);
  });
});

describe('the page lane at a shutdown’s deadline', () => {
  it('cuts a connection whose client never closes its side', async () => {
    const pages = new PageCache({ maxBytes: 1 << 20, ttlMs: 60_000, cacheControl: 'public' });
    await pages.store('/kept', { status: 200, headers: {}, body: Buffer.from(KEPT), tags: [] });
    const server = createServer(
      processListener('http://spotted.test', pages, (_req, res) => res.end()),
    );
    // Longer than the test: the connection's idle time cannot end it first.
    server.keepAliveTimeout = 60_000;
    const lane = pageLane(server, pages);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = new Client((server.address() as AddressInfo).port, true);
    client.send(get('/kept'));
    await client.answer();
    // Resolves once the server has closed, so once the lane has cut the connection.
    expect(await drain(server, 200, lane)).toBe(1);
    client.socket.destroy();
  });
});

describe('laneRequest (what the lane answers itself)', () => {
  it('reads a browser’s request', () => {
    const text = get(
      '/car/12?from=search',
      'User-Agent: Mozilla/5.0 (X11; Linux x86_64)',
      'accept-encoding:  gzip, br ',
      'If-None-Match: "a"',
      'If-None-Match: "b"',
      'Connection: keep-alive',
    );
    expect(laneRequest(text)).toEqual({
      target: '/car/12?from=search',
      head: false,
      acceptEncoding: 'gzip, br',
      ifNoneMatch: '"a", "b"',
      close: false,
    });
    expect(laneRequest(get('/', 'Connection: Keep-Alive, Close'))?.close).toBe(true);
  });

  it.each([
    ['another method', 'POST / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a method in lower case', 'get / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\nHost: a\r\n\r\n'],
    ['an absolute target', 'GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['no host', 'GET / HTTP/1.1\r\nAccept: */*\r\n\r\n'],
    ['two hosts', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'],
    ['a folded line', 'GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n'],
    ['a bare LF', 'GET / HTTP/1.1\nHost: a\r\n\r\n'],
    ['a space before the colon', 'GET / HTTP/1.1\r\nHost : a\r\n\r\n'],
    ['a control character', 'GET / HTTP/1.1\r\nHost: a\x00b\r\n\r\n'],
    ['a body', 'GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nab'],
    ['a length', 'GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n'],
    ['chunks', 'GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n'],
    ['credentials', 'GET / HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer t\r\n\r\n'],
    [
      'an upgrade',
      'GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    ],
    ['an expectation', 'GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n'],
    ['half a request', 'GET / HTTP/1.1\r\nHost: a\r\n'],
    ['two requests', 'GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a huge request', get('/', `Cookie: ${'c'.repeat(9000)}`)],
  ])('leaves to Node a request with %s', (_what, text) => {
    expect(laneRequest(text)).toBeNull();
  });
});
