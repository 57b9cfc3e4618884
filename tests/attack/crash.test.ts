import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '#shared/api/rows.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import type { ListPage } from '#shared/schemas/list.ts';
import type { Session } from '#shared/schemas/auth.ts';
import type { LoginChallenge } from '#shared/schemas/two-factor.ts';
import { privatePayload, PASSWORD } from '../support/factories.ts';
import { photos, yarisListing } from '../support/listing-payload.ts';
import { totpCode } from '../support/two-factor.ts';
import { testDatabaseUrl, withDatabase } from '../support/postgres-url.ts';
import { newPglite } from '../../server/db/client.ts';
import { freePort, startServer, stubSite, type SpawnedServer } from './spawned-server.ts';

/**
 * The real server (node server/main.ts) on a fresh database, killed with SIGKILL while clients
 * register, redeem vouchers and buy credits in parallel, and again while sellers submit paid
 * listings with photos and buyers open conversations and write; started again on the same data,
 * it must hold every write it acknowledged, show nothing half-written (a listing without all its
 * photos, a conversation without its first message), and every wallet must still equal its
 * ledger, with credits reserved for exactly the paid listings that exist.
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
    CONVERSATIONS_PER_HOUR: '100000',
    MESSAGES_PER_HOUR: '100000',
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

let admin: Session | undefined;
/**
 * The administrator's session, logged in once for the file: the first login sets two-factor login
 * up with the secret it answers, and a code is taken once.
 */
async function adminOf(api: ReturnType<typeof client>) {
  if (admin) return admin;
  const challenge = (
    await api.post<LoginChallenge>('/api/user/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    })
  ).data;
  admin = (
    await api.post<Session>('/api/user/login/code', {
      challengeToken: challenge.challengeToken,
      code: totpCode(challenge.enrolment?.secret ?? ''),
    })
  ).data;
  return admin;
}

/** A new private seller, logged in. */
async function newSeller(api: ReturnType<typeof client>) {
  const payload = privatePayload();
  expect((await api.post('/api/user/register/private', payload)).code).toBe(0);
  return (await api.post<Session>('/api/user/login', { email: payload.email, password: PASSWORD }))
    .data;
}

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
      const admin = await adminOf(api);
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
      for (let i = 0; i < USERS; i++) sellers.push(await newSeller(api));
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

/** The ids of the Toyota make and its Yaris model, as the listing form gets them. */
async function toyotaYaris(api: ReturnType<typeof client>, token: string) {
  const makes = await api.get<ListPage<{ id: number; name: string }>>('/api/cars/brands', token);
  const brand = rowsOf(makes.data).find((m) => m.name === 'Toyota')!.id;
  const models = await api.get<ListPage<{ id: number; name: string }>>(
    `/api/cars/brands/${brand}/models`,
    token,
  );
  return { brand, model: rowsOf(models.data).find((m) => m.name === 'Yaris')!.id };
}

describe(`a crash while sellers list cars with photos and buyers write (${kind})`, () => {
  it(
    'shows no listing without its photos or its credits, and no half-sent message',
    { timeout: 180_000 },
    async () => {
      let server = await start();
      const api = client(server);
      const admin = await adminOf(api);
      const sellers: Session[] = [];
      const buyers: Session[] = [];
      for (let i = 0; i < 3; i++) sellers.push(await newSeller(api));
      for (let i = 0; i < 3; i++) buyers.push(await newSeller(api));
      const voucher = await api.post<{ code: string }>(
        '/api/voucher/add',
        { credits: 100_000, daysActive: 30 },
        admin.accessToken,
      );
      for (const s of sellers) {
        const res = await api.post(
          '/api/voucher/redeem',
          { userId: s.userId, code: voucher.data.code },
          s.accessToken,
        );
        expect(res.code, res.message).toBe(0);
      }
      const ids = await toyotaYaris(api, sellers[0]!.accessToken);
      const images = await photos(5);
      const payload = async (adTypeId: number) => ({
        ...(await yarisListing(ids, { adTypeId })),
        images,
      });
      // A live car of each seller for the buyers to write about.
      const cars: number[] = [];
      for (const s of sellers) {
        const added = await api.post<{ id: number }>(
          '/api/cars/add',
          await payload(3),
          s.accessToken,
        );
        expect(added.code, added.message).toBe(0);
        const approved = await api.post(
          `/api/cars/requests/approve/${added.data.id}`,
          {},
          admin.accessToken,
        );
        expect(approved.code, approved.message).toBe(0);
        cars.push(added.data.id);
      }
      const featured = await payload(2);

      const pairs = buyers.flatMap((b) => cars.map((carId) => ({ buyer: b, carId })));
      const opening = pairs.length;
      const conversations: { id: number; buyer: Session }[] = [];
      const acked = {
        listings: [] as { id: number; userId: number }[],
        messages: [] as string[],
      };
      const writes = [
        async () => {
          const s = sellers[Math.floor(Math.random() * sellers.length)]!;
          const res = await api.post<{ id: number }>('/api/cars/add', featured, s.accessToken);
          if (res.code === 0) acked.listings.push({ id: res.data.id, userId: s.userId });
        },
        async () => {
          const text = `Still for sale? ${randomBytes(8).toString('hex')}`;
          const pair = pairs.shift();
          if (pair) {
            const res = await api.post<{ conversationId: number }>(
              '/api/conversations',
              { carId: pair.carId, text },
              pair.buyer.accessToken,
            );
            if (res.code !== 0) return;
            conversations.push({ id: res.data.conversationId, buyer: pair.buyer });
            acked.messages.push(text);
            return;
          }
          const c = conversations[Math.floor(Math.random() * conversations.length)]!;
          const res = await api.post(
            `/api/conversations/${c.id}/messages`,
            { text },
            c.buyer.accessToken,
          );
          if (res.code === 0) acked.messages.push(text);
        },
      ];

      let crashed = false;
      let lost = 0;
      const workers = Array.from({ length: 6 }, async (_, i) => {
        while (!crashed) await writes[i % writes.length]!().catch(() => lost++);
      });
      const started = Date.now();
      while (
        Date.now() - started < 30_000 &&
        (Date.now() - started < 1000 ||
          acked.listings.length < 3 ||
          conversations.length < opening ||
          acked.messages.length < opening + 6)
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      await server.kill('SIGKILL');
      crashed = true;
      await Promise.all(workers);
      console.info(
        `[crash] ${kind}: killed with ${acked.listings.length} listings and ` +
          `${acked.messages.length} messages acknowledged, ${lost} requests cut off`,
      );
      expect(lost).toBeGreaterThan(0);
      expect(acked.listings.length).toBeGreaterThanOrEqual(3);

      // After the restart each acknowledged listing shows its five photos to its seller.
      server = await start();
      const again = client(server);
      const seller = sellers.find((s) => s.userId === acked.listings.at(-1)!.userId)!;
      const request = await again.get<{ images: { url?: string; image?: string }[] }>(
        `/api/car/requests/${acked.listings.at(-1)!.id}`,
        seller.accessToken,
      );
      expect(request.code, request.message).toBe(0);
      expect(request.data.images).toHaveLength(5);
      await server.kill('SIGTERM');

      const db = openFor();
      try {
        const query = async <T>(text: string, params: unknown[] = []) =>
          (await db.query<T>(text, params)).rows;
        const sellerIds = sellers.map((s) => s.userId);
        // Every listing that exists, acknowledged or cut off, has all its photos, on disk too.
        const listed = await query<{ id: number; type: number; photos: number }>(
          `select l.id, l.listing_type_id as type,
                (select count(*)::int from listing_images i where i.listing_id = l.id) as photos
           from listings l where l.user_id = any($1::int[])`,
          [sellerIds],
        );
        expect(listed.filter((l) => l.photos !== 5)).toEqual([]);
        expect(listed.map((l) => l.id)).toEqual(
          expect.arrayContaining(acked.listings.map((l) => l.id)),
        );
        const keys = await query<{ key: string }>(
          `select i.key from listing_images i join listings l on l.id = i.listing_id
           where l.user_id = any($1::int[])`,
          [sellerIds],
        );
        const uploads = path.join(env.DATA_DIR ?? '', 'uploads');
        expect(keys.filter(({ key }) => !existsSync(path.join(uploads, key)))).toEqual([]);

        // No credits moved without their listing, and no paid listing without its credits.
        const paid = listed.filter((l) => l.type === 2).map((l) => l.id);
        const reservations = await query<{ listing: number | null; entries: number }>(
          `select t.listing_id as listing,
                (select count(*)::int from ledger_entries e where e.transaction_id = t.id) as entries
           from transactions t where t.user_id = any($1::int[]) and t.state = 'Reserved'`,
          [sellerIds],
        );
        expect(reservations.map((r) => r.listing).sort()).toEqual([...paid].sort());
        expect(reservations.filter((r) => r.entries !== 1)).toEqual([]);
        const wallets = await query<{ id: number; balance: number; ledger: number }>(
          `select u.id, u.balance,
                coalesce((select sum(l.credits)::int from ledger_entries l where l.user_id = u.id), 0) as ledger
           from users u where u.id = any($1::int[])`,
          [sellerIds],
        );
        expect(wallets.filter((w) => w.balance !== w.ledger)).toEqual([]);

        // Every acknowledged message is kept, and no conversation stands without its first one.
        const texts = await query<{ text: string }>(
          'select text from conversation_messages where text = any($1::text[])',
          [acked.messages],
        );
        expect(texts.map((t) => t.text).sort()).toEqual([...acked.messages].sort());
        const [empty] = await query<{ count: number }>(
          `select count(*)::int as count from conversations c
           where not exists (select 1 from conversation_messages m where m.conversation_id = c.id)`,
        );
        expect(empty?.count).toBe(0);
      } finally {
        await db.close();
      }
    },
  );
});
