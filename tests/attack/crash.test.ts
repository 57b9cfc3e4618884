import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Envelope } from '#shared/schemas/envelope.ts';
import type { Session } from '#shared/schemas/auth.ts';
import type { LoginChallenge } from '#shared/schemas/two-factor.ts';
import { privatePayload, PASSWORD } from '../support/factories.ts';
import { totpCode } from '../support/two-factor.ts';
import { testDatabaseUrl, withDatabase } from '../support/postgres-url.ts';
import { newPglite } from '../../server/db/client.ts';
import { freePort, startServer, stubSite, type SpawnedServer } from './spawned-server.ts';

/**
 * The real server (node server/main.ts) on a fresh database, killed with SIGKILL while clients
 * register, redeem vouchers and buy credits in parallel; started again on the same data, it must
 * hold every write it acknowledged, and every wallet must still equal its ledger.
 */

const kind = inject('dbKind');
const ADMIN_EMAIL = 'crash-admin@spotted.mt';
const ADMIN_PASSWORD = 'CrashAdmin123';
const WORKERS = 9;
const USERS = 6;
const VOUCHERS = 8;

let dir: string;
let env: Record<string, string>;
let database: { name: string; admin: pg.Client } | undefined;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spotted-crash-'));
  env = {
    PORT: String(await freePort()),
    DATA_DIR: path.join(dir, 'data'),
    SITE_DIST: await stubSite(path.join(dir, 'site')),
    DEMO_DATA: 'false',
    JOBS: 'false',
    PAGE_CACHE_MB: '0',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    REGISTRATIONS_PER_HOUR: '100000',
  };
  if (kind === 'postgres') {
    const name = `spotted_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    database = { name, admin };
    env.DATABASE_URL = withDatabase(testDatabaseUrl, name);
  } else {
    // The run's migrated snapshot, unpacked where the server keeps its data: no initdb at start.
    const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
    await mkdir(pgliteDir(), { recursive: true });
    const seeded = newPglite({ dataDir: pgliteDir(), loadDataDir: snapshot });
    await seeded.waitReady;
    await seeded.close();
  }
});

const pgliteDir = () => path.join(env.DATA_DIR ?? '', 'pglite');

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  if (database) {
    await database.admin.query(`drop database if exists ${database.name} with (force)`);
    await database.admin.end();
  }
  await rm(dir, { recursive: true, force: true });
});

/** JSON calls to a spawned server; the envelope, or a thrown error when the connection breaks. */
const client = (server: SpawnedServer) => ({
  async post<T>(url: string, body: unknown, token?: string) {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  },
  async get<T>(url: string, token: string) {
    const res = await fetch(`${server.url}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as Envelope<T>;
  },
});

async function start() {
  const server = await startServer(env, path.join(dir, 'server.log'));
  servers.push(server);
  return server;
}

/** What the clients were told was done. */
interface Acknowledged {
  registrations: string[];
  redemptions: { userId: number; voucherId: number }[];
  purchases: { userId: number; sessionId: string }[];
}

describe(`a crash during parallel writes (${kind})`, () => {
  it(
    'keeps every acknowledged write, and every wallet equal to its ledger',
    { timeout: 120_000 },
    async () => {
      let server = await start();
      const api = client(server);

      // Before the crash: sellers with sessions, vouchers to redeem and a package to buy.
      // The administrator's first login sets two-factor login up with the secret it answers.
      const challenge = (
        await api.post<LoginChallenge>('/api/user/login', {
          email: ADMIN_EMAIL,
          password: ADMIN_PASSWORD,
        })
      ).data;
      const admin = (
        await api.post<Session>('/api/user/login/code', {
          challengeToken: challenge.challengeToken,
          code: totpCode(challenge.enrolment?.secret ?? ''),
        })
      ).data;
      const vouchers: { id: number; code: string }[] = [];
      for (let i = 0; i < VOUCHERS; i++) {
        const res = await api.post<{ id: number; code: string }>(
          '/api/voucher/add',
          { credits: 10 + i, daysActive: 30 },
          admin.accessToken,
        );
        expect(res.code, res.message).toBe(0);
        vouchers.push(res.data);
      }
      const sellers: Session[] = [];
      for (let i = 0; i < USERS; i++) {
        const payload = privatePayload();
        expect((await api.post('/api/user/register/private', payload)).code).toBe(0);
        sellers.push(
          (await api.post<Session>('/api/user/login', { email: payload.email, password: PASSWORD }))
            .data,
        );
      }
      const [seller] = sellers;
      const packages = await api.get<{ id: number }[]>(
        '/api/payment/packages',
        seller!.accessToken,
      );
      const packageId = packages.data[0]!.id;

      const pairs = sellers.flatMap((s) => vouchers.map((v) => ({ seller: s, voucher: v })));
      const acked: Acknowledged = { registrations: [], redemptions: [], purchases: [] };
      const writes = [
        async () => {
          const payload = privatePayload();
          const res = await api.post('/api/user/register/private', payload);
          if (res.code === 0) acked.registrations.push(payload.email);
        },
        async () => {
          const pair = pairs.shift();
          if (!pair) return;
          const { seller: s, voucher } = pair;
          const res = await api.post(
            '/api/voucher/redeem',
            { userId: s.userId, code: voucher.code },
            s.accessToken,
          );
          if (res.code === 0) acked.redemptions.push({ userId: s.userId, voucherId: voucher.id });
        },
        async () => {
          const s = sellers[Math.floor(Math.random() * sellers.length)]!;
          const created = await api.post<{ sessionId: string }>(
            '/api/payment/create',
            { userId: s.userId, paymentId: packageId },
            s.accessToken,
          );
          if (created.code !== 0) return;
          const paid = await fetch(
            `${server.url}/api/payment/sandbox/${created.data.sessionId}/pay`,
            { method: 'POST', redirect: 'manual' },
          );
          if (paid.status === 303)
            acked.purchases.push({ userId: s.userId, sessionId: created.data.sessionId });
        },
      ];

      // The crash: SIGKILL once every kind of write has been acknowledged a few times, with
      // requests of every kind still in flight.
      let crashed = false;
      let lost = 0;
      const workers = Array.from({ length: WORKERS }, async (_, i) => {
        while (!crashed) await writes[i % writes.length]!().catch(() => lost++);
      });
      const started = Date.now();
      while (
        Date.now() - started < 20_000 &&
        (Date.now() - started < 1000 ||
          acked.registrations.length < 3 ||
          acked.redemptions.length < 3 ||
          acked.purchases.length < 3)
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      await server.kill('SIGKILL');
      crashed = true;
      await Promise.all(workers);
      expect(server.child.signalCode).toBe('SIGKILL');
      console.info(
        `[crash] ${kind}: killed with ${acked.registrations.length} registrations, ` +
          `${acked.redemptions.length} redemptions and ${acked.purchases.length} purchases ` +
          `acknowledged, ${lost} requests cut off`,
      );
      expect(lost).toBeGreaterThan(0);
      expect(acked.registrations.length).toBeGreaterThanOrEqual(3);
      expect(acked.redemptions.length).toBeGreaterThanOrEqual(3);
      expect(acked.purchases.length).toBeGreaterThanOrEqual(3);

      // After the restart the API answers, and a seller registered just before the crash logs in.
      server = await start();
      const again = client(server);
      const lastRegistered = acked.registrations.at(-1)!;
      const login = await again.post<Session>('/api/user/login', {
        email: lastRegistered,
        password: PASSWORD,
      });
      expect(login.code, login.message).toBe(0);
      // PGlite's data directory belongs to one process: stop the server to read it.
      await server.kill('SIGTERM');

      const db = openFor();
      try {
        const query = async <T>(text: string, params: unknown[] = []) =>
          (await db.query<T>(text, params)).rows;
        const emails = await query<{ email: string }>(
          'select email from users where email = any($1::text[])',
          [acked.registrations],
        );
        expect(emails.map((e) => e.email).sort()).toEqual([...acked.registrations].sort());

        const redemptions = await query<{ user_id: number; voucher_id: number; state: string }>(
          `select r.user_id, r.voucher_id, t.state from voucher_redemptions r
           join transactions t on t.id = r.transaction_id`,
        );
        for (const { userId, voucherId } of acked.redemptions)
          expect(redemptions).toContainEqual({
            user_id: userId,
            voucher_id: voucherId,
            state: 'Done',
          });

        const purchases = await query<{ session: string; state: string; entries: number }>(
          `select t.provider_session_id as session, t.state,
                (select count(*)::int from ledger_entries l where l.transaction_id = t.id) as entries
           from transactions t where t.provider_session_id = any($1::text[])`,
          [acked.purchases.map((p) => p.sessionId)],
        );
        expect(purchases).toHaveLength(acked.purchases.length);
        for (const purchase of purchases)
          expect(purchase).toMatchObject({ state: 'Paid', entries: 1 });

        // Every wallet, including those written when the process died, equals its ledger.
        const wallets = await query<{ id: number; balance: number; ledger: number }>(
          `select u.id, u.balance,
                coalesce((select sum(l.credits)::int from ledger_entries l where l.user_id = u.id), 0) as ledger
           from users u`,
        );
        expect(wallets.filter((w) => w.balance !== w.ledger)).toEqual([]);
        // A redemption never stands without the credits it gave, nor credits without it.
        const [orphans] = await query<{ count: number }>(
          `select count(*)::int as count from voucher_redemptions r
           left join ledger_entries l on l.transaction_id = r.transaction_id
          where l.id is null`,
        );
        expect(orphans?.count).toBe(0);
      } finally {
        await db.close();
      }
    },
  );
});

interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** The database the server used, opened by the test itself. */
function openFor(): Sql {
  if (env.DATABASE_URL) {
    // One client, not a pool: a pool's end() resolves before its connections have closed, and the
    // database dropped right after would then end a connection still closing (an uncaught error).
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    const connected = client.connect();
    return {
      query: async <T>(text: string, params?: unknown[]) => {
        await connected;
        return { rows: (await client.query(text, params)).rows as T[] };
      },
      close: async () => {
        await connected.catch(() => undefined);
        await client.end();
      },
    };
  }
  const client = newPglite({ dataDir: pgliteDir() });
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}
