import { once } from 'node:events';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { PASSWORD, signUp } from '../../tests/support/factories.ts';
import { mountApi } from './front.ts';
import { normalizeAddress } from './rate-limit.ts';

/**
 * The API behind a real HTTP server listening on a port, mounted as server/main.ts mounts it:
 * what a browser's connection gives the API.
 */
let ctx: TestContext;
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ctx = await createTestContext();
  const front = new Hono<{ Bindings: HttpBindings }>();
  mountApi(front, ctx.app);
  const server = createServer(getRequestListener(front.fetch));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
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

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { code: number; message: string };
}

/** A JSON POST over a new connection from the local address `from` (any of 127.0.0.0/8). */
function post(
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('the client address over HTTP', () => {
  it('keeps the failures of two client addresses apart', async () => {
    const owner = await signUp(ctx);
    const wrong = { email: owner.email, password: 'Wrong1234' };
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/user/login', wrong, '127.0.0.2')).status).toBe(401);
    }
    expect((await post('/api/user/login', wrong, '127.0.0.2')).status).toBe(429);
    const owners = await post(
      '/api/user/login',
      { email: owner.email, password: PASSWORD },
      '127.0.0.3',
    );
    expect(owners).toMatchObject({ status: 200, body: { code: 0 } });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const owner = await signUp(ctx);
    const wrong = { email: owner.email, password: 'Wrong1234' };
    for (let i = 0; i < 10; i++) {
      const spoofed = { 'x-forwarded-for': `203.0.113.${i}` };
      expect((await post('/api/user/login', wrong, '127.0.0.5', spoofed)).status).toBe(401);
    }
    const again = { 'x-forwarded-for': '203.0.113.99' };
    expect((await post('/api/user/login', wrong, '127.0.0.5', again)).status).toBe(429);
  });
});

describe('normalizeAddress', () => {
  it('writes IPv4 inside IPv6 as IPv4 and counts IPv6 by its /64', () => {
    expect(normalizeAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(normalizeAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(normalizeAddress('2001:db8:0:12:a:b:c:d')).toBe('2001:db8:0:12::/64');
    expect(normalizeAddress('2001:DB8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
  });
});

describe('a body over the limit', () => {
  it('is answered 413 to a client that sends all of it, not with a reset', async () => {
    // 20 MB to a route that takes 1 MB: the client is still sending when the answer is ready.
    const body = JSON.stringify({ email: 'a@b.mt', password: 'x'.repeat(20 * 1024 * 1024) });
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/user/login',
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(answer.status).toBe(413);
      expect(answer.text).toContain('"message":"The request is too large"');
    }
  });

  it('is answered 413 with Connection: close, and the next request works', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    await once(socket, 'connect');
    const size = 2 * 1024 * 1024;
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n` +
        '{"email":"'.padEnd(64 * 1024, 'a'),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    await once(socket, 'close');
    const [head = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"message":"The request is too large"');

    const next = await post(
      '/api/user/login',
      { email: 'a@b.mt', password: 'Wrong1234' },
      '127.0.0.4',
    );
    expect(next.status).toBe(401);
  });
});
