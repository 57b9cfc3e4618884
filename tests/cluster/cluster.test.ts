import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import {
  freePort,
  startServer,
  stubSite,
  type SpawnedServer,
} from '../../server/attack/spawned-server.ts';
import { PASSWORD, privatePayload } from '../support/factories.ts';
import { yarisListing } from '../support/listing-payload.ts';
import { testDatabaseUrl, withDatabase } from '../support/postgres-url.ts';
import { S3_CREDENTIALS, startS3, type TestS3 } from '../support/s3.ts';
import { startNginx, type Nginx } from './nginx.ts';

/**
 * Two real instances (node server/main.ts) on one fresh PostgreSQL database and one S3 bucket
 * (s3rver), behind nginx configured by deploy/nginx.conf: what the README's Deployment section
 * describes, run on this machine.
 */

const ADMIN = { email: 'cluster-admin@spotted.mt', password: 'ClusterAdmin123' };
const CLIENT_ADDRESS = '203.0.113.7';
const WORKERS = 4;
const PAUSE_MS = 10;

let dir: string;
let s3: TestS3;
let nginx: Nginx;
let sql: pg.Client;
let admin: pg.Client;
let databaseName: string;
const ports: [number, number] = [0, 0];
const instances: [SpawnedServer | null, SpawnedServer | null] = [null, null];

const envOf = (i: 0 | 1, databaseUrl: string): Record<string, string> => ({
  PORT: String(ports[i]),
  DATA_DIR: path.join(dir, `data-${i}`),
  SITE_DIST: path.join(dir, 'site'),
  DATABASE_URL: databaseUrl,
  STORAGE_URL: s3.url,
  ...S3_CREDENTIALS,
  DEMO_DATA: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TRUST_PROXY: 'true',
  REGISTRATIONS_PER_HOUR: '100000',
  JOBS: 'true',
  SHUTDOWN_SECONDS: '10',
});
let env: [Record<string, string>, Record<string, string>];

async function start(i: 0 | 1) {
  instances[i] = await startServer(env[i], path.join(dir, `instance-${i}.log`));
  return instances[i];
}
const instance = (i: 0 | 1) => {
  const server = instances[i];
  if (!server) throw new Error(`instance ${i} is not running`);
  return server;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spotted-cluster-'));
  await stubSite(path.join(dir, 'site'));
  s3 = await startS3();
  databaseName = `spotted_cluster_${randomBytes(6).toString('hex')}`;
  admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = withDatabase(testDatabaseUrl, databaseName);
  ports[0] = await freePort();
  ports[1] = await freePort();
  env = [envOf(0, databaseUrl), envOf(1, databaseUrl)];
  // Both start together on the empty database: one migrates, the other waits for its lock.
  await Promise.all([start(0), start(1)]);
  nginx = await startNginx(path.join(dir, 'nginx'), ports, await freePort());
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
});

afterAll(async () => {
  await nginx?.stop();
  for (const server of instances) await server?.kill('SIGKILL');
  await sql?.end();
  if (admin) {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  await s3?.close();
  // CLUSTER_KEEP=1 keeps the instances' and nginx's logs for a look after a failure.
  if (process.env.CLUSTER_KEEP) console.info(`[cluster] logs kept in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
});

/** A JSON call; the envelope and the HTTP status. Throws when the connection breaks. */
async function call<T>(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return { ...envelope, status: res.status };
}

async function register(base: string) {
  const payload = privatePayload();
  const res = await call(base, 'POST', '/api/user/register/private', { body: payload });
  expect(res.code, res.message).toBe(0);
  const login = await call<Session>(base, 'POST', '/api/user/login', {
    body: { email: payload.email, password: PASSWORD },
  });
  expect(login.code, login.message).toBe(0);
  return login.data;
}

const succeeded = (res: { code: number; status: number; message: string }) => {
  if (res.code !== 0) throw new Error(`${res.status} ${res.message}`);
  return true;
};

/** One request of a load: when it started and ended, and whether it failed. */
interface Outcome {
  started: number;
  ended: number;
  ok: boolean;
  what: string;
}

/**
 * Clients through nginx until `stop()`: registrations (writes), searches and reads, `workers` at
 * once. Returns what every request got and the e-mails whose registration was acknowledged.
 */
function load(workers: number) {
  const outcomes: Outcome[] = [];
  const registered: string[] = [];
  let running = true;
  const kinds = [
    async () => {
      const payload = privatePayload();
      const res = await call(nginx.url, 'POST', '/api/user/register/private', { body: payload });
      if (res.code === 0) registered.push(payload.email);
      else throw new Error(`${res.status} ${res.message}`);
      return true;
    },
    async () => succeeded(await call(nginx.url, 'POST', '/api/cars/search', { body: {} })),
    async () => succeeded(await call(nginx.url, 'GET', '/api/configuration')),
  ];
  const done = Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let n = 0; running; n++) {
        const kind = (w + n) % kinds.length;
        const started = performance.now();
        let what = `kind ${kind}`;
        const ok = await kinds[kind]!().catch((err: unknown) => {
          what += `: ${String(err)}`;
          return false;
        });
        outcomes.push({ started, ended: performance.now(), ok, what });
        // A steady load, not a flood: two cores also run the instance that is starting again.
        await sleep(PAUSE_MS);
      }
    }),
  );
  return {
    outcomes,
    registered,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Waits until `url` answers 200 (an instance's /readyz). */
async function ready(url: string) {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`${url} never became ready`);
}

describe('two instances behind nginx, on PostgreSQL and S3', () => {
  it('serves a seller logged in through one instance from both', async () => {
    const session = await register(instance(0).url);
    for (const server of [instance(0), instance(1)]) {
      const res = await call<{ id: number }[]>(server.url, 'GET', '/api/payment/packages', {
        token: session.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.data.length).toBeGreaterThan(0);
    }
    // The refresh token too: rotated through the second instance.
    const refreshed = await call<Session>(instance(1).url, 'POST', '/api/user/refresh', {
      body: { id: session.userId, refreshToken: session.refreshToken },
    });
    expect(refreshed.code, refreshed.message).toBe(0);
  });

  it('serves a photo uploaded through one instance from the other, with the same caching', async () => {
    const seller = await register(instance(0).url);
    const {
      rows: [yaris],
    } = await sql.query<{ make: number; model: number }>(
      `select m.id as make, mo.id as model from makes m join models mo on mo.make_id = m.id
        where m.name = 'Toyota' and mo.name = 'Yaris'`,
    );
    const listing = await yarisListing({ brand: yaris!.make, model: yaris!.model });
    const added = await call<{ id: number }>(instance(0).url, 'POST', '/api/cars/add', {
      body: listing,
      token: seller.accessToken,
    });
    expect(added.code, added.message).toBe(0);
    const { rows } = await sql.query<{ key: string }>(
      'select key from listing_images where listing_id = $1',
      [added.data.id],
    );
    expect(rows).toHaveLength(5);
    for (const { key } of rows) {
      const [fromA, fromB] = await Promise.all(
        [instance(0), instance(1)].map((server) => fetch(`${server.url}/images/${key}`)),
      );
      expect(fromB!.status).toBe(200);
      expect(fromB!.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(fromB!.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await fromB!.arrayBuffer())).toEqual(
        Buffer.from(await fromA!.arrayBuffer()),
      );
    }
  });

  it('counts rate limits across both instances', async () => {
    const seller = privatePayload();
    expect(
      (await call(instance(0).url, 'POST', '/api/user/register/private', { body: seller })).code,
    ).toBe(0);
    const wrong = { email: seller.email, password: 'NotThePassword1' };
    const from = { 'x-forwarded-for': CLIENT_ADDRESS };
    // Ten failures are allowed per account and address in 15 minutes, five through each.
    for (let i = 0; i < 10; i++) {
      const res = await call(instance((i % 2) as 0 | 1).url, 'POST', '/api/user/login', {
        body: wrong,
        headers: from,
      });
      expect(res.status).toBe(401);
    }
    for (const i of [0, 1] as const) {
      const res = await call(instance(i).url, 'POST', '/api/user/login', {
        body: wrong,
        headers: from,
      });
      expect(res.status).toBe(429);
    }
  });

  it('sends each queued e-mail exactly once with both instances running the mail job', async () => {
    const count = 120;
    const subject = `Cluster ${randomBytes(4).toString('hex')}`;
    await sql.query(
      `insert into mail_queue ("to", subject, text)
       select 'reader' || n || '@example.mt', $1, 'Hello ' || n from generate_series(1, $2::int) n`,
      [subject, count],
    );
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql.query<{ left: number }>(
        'select count(*)::int as left from mail_queue where subject = $1 and sent_at is null',
        [subject],
      );
      if (rows[0]!.left === 0) break;
      await sleep(200);
    }
    const sentBy = await Promise.all(
      [0, 1].map(async (i) => {
        const outbox = path.join(dir, `data-${i}`, 'outbox');
        const files = await readdir(outbox).catch(() => []);
        const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
        return texts.filter((t) => t.includes(`Subject: ${subject}`));
      }),
    );
    const recipients = sentBy.flat().map((t) => /^To: (.+)$/m.exec(t)?.[1]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    console.info(
      `[cluster] mail: ${sentBy[0]!.length} sent by one, ${sentBy[1]!.length} by the other`,
    );
    expect(sentBy[0]!.length).toBeGreaterThan(0);
    expect(sentBy[1]!.length).toBeGreaterThan(0);
  });

  it('loses no acknowledged write when an instance is killed, and fails only requests in flight', async () => {
    const traffic = load(WORKERS);
    await sleep(1500);
    const killedAt = performance.now();
    await instance(0).kill('SIGKILL');
    const deadAt = performance.now();
    await sleep(2000);
    await traffic.stop();
    const failed = traffic.outcomes.filter((o) => !o.ok);
    console.info(
      `[cluster] SIGKILL: ${traffic.outcomes.length} requests, ${failed.length} failed, ` +
        `${traffic.registered.length} registrations acknowledged`,
    );
    // Only a request under way when the process died may fail, and each client had at most one.
    for (const outcome of failed) {
      expect(outcome.started, JSON.stringify({ killedAt, deadAt, failed })).toBeLessThan(deadAt);
      expect(outcome.ended).toBeGreaterThan(killedAt);
    }
    expect(failed.length).toBeLessThanOrEqual(WORKERS);
    expect(traffic.outcomes.filter((o) => o.ok && o.started > killedAt).length).toBeGreaterThan(0);
    const { rows } = await sql.query<{ email: string }>(
      'select email from users where email = any($1::text[])',
      [traffic.registered],
    );
    expect(rows.map((r) => r.email).sort()).toEqual([...traffic.registered].sort());
    await start(0);
  });

  it('fails no request during a rolling restart under load', async () => {
    const traffic = load(WORKERS);
    for (const i of [0, 1] as const) {
      await sleep(1000);
      await instance(i).kill('SIGTERM');
      expect(instance(i).child.exitCode).toBe(0);
      await start(i);
      await ready(`${instance(i).url}/readyz`);
      // nginx sends a restarted instance requests again once fail_timeout (3 s) has passed.
      await sleep(3500);
    }
    await traffic.stop();
    const failed = traffic.outcomes.filter((o) => !o.ok);
    console.info(
      `[cluster] rolling restart: ${traffic.outcomes.length} requests, ${failed.length} failed`,
    );
    expect(failed).toEqual([]);
    expect(traffic.outcomes.length).toBeGreaterThan(50);
  });
});
