import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { PASSWORD, privatePayload } from '../../tests/support/factories.ts';
import { startJobs } from '../jobs/scheduler.ts';
import { opsRouter, type Lifecycle } from './health.ts';
import { logTo, serializeError, withRequestId } from './log.ts';
import { watchDatabase } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-test';
let ctx: TestContext;
const lifecycle: Lifecycle = { stopping: false };
let ops: ReturnType<typeof opsRouter>;
const lines: Record<string, unknown>[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext({ LOG_REQUESTS: 'true', TRUST_PROXY: 'true' });
  ops = opsRouter(ctx.db, lifecycle, TOKEN);
  watchDatabase(ctx.db, undefined);
  logTo(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  // The app behind a real listener, as server/main.ts runs it.
  server = createServer(withRequestId(true, getRequestListener(ctx.app.fetch)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

describe('health checks', () => {
  it('/healthz answers while the process runs', async () => {
    const res = await ops.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 on a migrated database, and 503 once the instance is stopping', async () => {
    const ready = await ops.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    lifecycle.stopping = true;
    try {
      const stopping = await ops.request('/readyz');
      expect(stopping.status).toBe(503);
      expect(await stopping.json()).toEqual({ status: 'unavailable', problem: 'stopping' });
    } finally {
      lifecycle.stopping = false;
    }
  });
});

describe('metrics', () => {
  it('are refused without the token, and without METRICS_TOKEN they do not exist', async () => {
    expect((await ops.request('/metrics')).status).toBe(401);
    const wrong = { headers: { authorization: 'Bearer not-the-token-at-all-x' } };
    expect((await ops.request('/metrics', wrong)).status).toBe(401);
    expect((await opsRouter(ctx.db, lifecycle, undefined).request('/metrics')).status).toBe(404);
  });

  it('count requests by route, job runs and failures, and the mail queue', async () => {
    await fetch(`${base}/api/configuration`);
    await fetch(`${base}/api/car/123456`);
    const stop = startJobs([
      { name: 'works', everySeconds: 3600, run: () => Promise.resolve() },
      { name: 'breaks', everySeconds: 3600, run: () => Promise.reject(new Error('broken job')) },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    await stop();
    const res = await ops.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /spotted_http_requests_total\{method="GET",route="\/api\/configuration",status="200"\} \d+/,
    );
    expect(text).toMatch(/spotted_http_requests_total\{method="GET",route="\/api\/car\/:id"/);
    expect(text).toMatch(
      /spotted_http_request_duration_seconds_bucket\{[^}]*route="\/api\/configuration"/,
    );
    expect(text).toContain('spotted_job_runs_total{job="works",outcome="ok"} 1');
    expect(text).toContain('spotted_job_runs_total{job="breaks",outcome="failed"} 1');
    expect(text).toMatch(/spotted_mail_queue_length \d+/);
    expect(text).toContain('spotted_page_cache_hits_total');
  });
});

describe('logs', () => {
  it('are JSON lines naming the request on every line, without passwords, hashes or tokens', async () => {
    const payload = privatePayload();
    await fetch(`${base}/api/user/register/private`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const loginRes = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'nginx-request-0001' },
      body: JSON.stringify({ email: payload.email, password: PASSWORD }),
    });
    expect(loginRes.headers.get('x-request-id')).toBe('nginx-request-0001');
    const session = ((await loginRes.json()) as { data: Session }).data;
    await fetch(`${base}/api/user/info/${session.userId}?token=${session.refreshToken}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const line of requests) expect(line.reqId).toEqual(expect.any(String));
    expect(requests).toContainEqual(
      expect.objectContaining({ reqId: 'nginx-request-0001', route: '/api/user/login' }),
    );
    const all = JSON.stringify(lines);
    for (const secret of [PASSWORD, session.accessToken, session.refreshToken, '$argon2'])
      expect(all).not.toContain(secret);
  });

  it('show a failed query without its parameters', () => {
    const err = new DrizzleQueryError(
      'select * from users where email = $1',
      ['maria@x.mt'],
      new Error('boom'),
    );
    const shown = JSON.stringify(serializeError(err));
    expect(shown).toContain('Failed query: select * from users where email = $1');
    expect(shown).toContain('boom');
    expect(shown).not.toContain('maria@x.mt');
  });
});
