import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import type { LoginChallenge } from '#shared/schemas/two-factor.ts';
import { freePort, startServer, stubSite, type SpawnedServer } from '../attack/spawned-server.ts';
import { PASSWORD, privatePayload } from '../support/factories.ts';
import { yarisListing } from '../support/listing-payload.ts';
import { testDatabaseUrl, withDatabase } from '../support/postgres-url.ts';
import { S3_CREDENTIALS, startS3, type TestS3 } from '../support/s3.ts';
import { totpCode } from '../support/two-factor.ts';
import { insertListings, jobRuns, outboxMails, until } from './jobs.ts';
import { startNginx, type Nginx } from './nginx.ts';

/**
 * Two real instances (node server/main.ts) on one fresh PostgreSQL database and one S3 bucket
 * (s3rver), behind nginx configured by deploy/nginx.conf: what docs/operations.md describes, run
 * on this machine.
 */

const ADMIN = { email: 'cluster-admin@spotted.mt', password: 'ClusterAdmin123' };
const CLIENT_ADDRESS = '203.0.113.7';
const WORKERS = 4;
const PAUSE_MS = 10;
const METRICS_TOKEN = 'cluster-metrics-token-0123';
const byNumber = (a: number, b: number) => a - b;

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
  // Short periods, so that both instances run each job several times during the test.
  SUBSCRIPTIONS_EVERY_SECONDS: '1',
  ALERTS_EVERY_SECONDS: '5',
  METRICS_TOKEN,
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

/**
 * CLUSTER_PORTS=4521 runs the two instances, nginx and s3rver on 4521 to 4524; unset, on free
 * ports the system picks.
 */
const portBase = Number(process.env.CLUSTER_PORTS) || 0;
const port = async (n: number) => (portBase ? portBase + n : freePort());

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spotted-cluster-'));
  await stubSite(path.join(dir, 'site'));
  s3 = await startS3(portBase ? portBase + 3 : 0);
  databaseName = `spotted_cluster_${randomBytes(6).toString('hex')}`;
  admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = withDatabase(testDatabaseUrl, databaseName);
  ports[0] = await port(0);
  ports[1] = await port(1);
  env = [envOf(0, databaseUrl), envOf(1, databaseUrl)];
  // Both start together on the empty database: one migrates, the other waits for its lock.
  await Promise.all([start(0), start(1)]);
  nginx = await startNginx(path.join(dir, 'nginx'), ports, await port(2));
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
  // The link of the welcome e-mail confirms the address: alerts are e-mailed only to such.
  const { rows } = await sql.query<{ text: string }>(
    `select text from mail_queue where "to" = $1 and text like '%/confirm-email?token=%'`,
    [payload.email],
  );
  const token = decodeURIComponent(
    /confirm-email\?token=(\S+)/.exec(rows[0]?.text ?? '')?.[1] ?? '',
  );
  const confirmed = await call(base, 'POST', '/api/user/email/confirm', { body: { token } });
  expect(confirmed.code, confirmed.message).toBe(0);
  const login = await call<Session>(base, 'POST', '/api/user/login', {
    body: { email: payload.email, password: PASSWORD },
  });
  expect(login.code, login.message).toBe(0);
  return login.data;
}

/** The administrator's first login: two-factor login set up with the secret it answers. */
async function logInAdmin(base: string) {
  const challenge = await call<LoginChallenge>(base, 'POST', '/api/user/login', { body: ADMIN });
  expect(challenge.code, challenge.message).toBe(0);
  const secret = challenge.data.enrolment?.secret ?? '';
  const session = await call<Session>(base, 'POST', '/api/user/login/code', {
    body: { challengeToken: challenge.data.challengeToken, code: totpCode(secret) },
  });
  expect(session.code, session.message).toBe(0);
  return session.data;
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

/** Whether fetch failed because the server closed the connection before any answer. */
function closedBeforeAnswer(err: unknown) {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  return err instanceof TypeError && ['UND_ERR_SOCKET', 'ECONNRESET'].includes(cause?.code ?? '');
}

/**
 * Clients through nginx until `stop()`: registrations (writes), searches and reads, `workers` at
 * once. Returns what every request got and the e-mails whose registration was acknowledged.
 */
function load(workers: number) {
  const outcomes: Outcome[] = [];
  /** Requests sent again after nginx closed their idle connection (see below). */
  const resent: number[] = [];
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
        const ok = await kinds[kind]!()
          .catch((err: unknown) => {
            if (!closedBeforeAnswer(err)) throw err;
            // nginx closes its idle keep-alive connections when it reloads (the rolling restart
            // does): a request sent on one as it closes gets no answer. Browsers and the mobile
            // app's HTTP client send such a request again on a new connection; so does this one,
            // once. A request an instance had taken is never sent again (it got an answer).
            resent.push(kind);
            return kinds[kind]!();
          })
          .catch((err: unknown) => {
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
    resent,
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

  it('renews, expires and alerts exactly once per item with both instances running the jobs', async () => {
    const tag = randomBytes(3).toString('hex');
    const base = nginx.url;
    const asAdmin = (await logInAdmin(base)).accessToken;
    const {
      rows: [featured],
    } = await sql.query<{ price: number }>('select price from listing_types where id = 2');
    const price = featured!.price;
    const {
      rows: [yaris],
    } = await sql.query<{ make: number; model: number }>(
      `select m.id as make, mo.id as model from makes m join models mo on mo.make_id = m.id
        where m.name = 'Toyota' and mo.name = 'Yaris'`,
    );
    const {
      rows: [other],
    } = await sql.query<{ make: number; model: number }>(
      `select m.id as make, min(mo.id) as model from makes m join models mo on mo.make_id = m.id
        where m.name <> 'Toyota' group by m.id order by m.id limit 1`,
    );

    /** A seller with `promotions` Featured listings paid from a voucher, `spare` credits left. */
    const promoter = async (kind: string, promotions: number, spare: number) => {
      const seller = await register(base);
      const start = (
        await call<{ balance: number }>(base, 'GET', `/api/user/balance/${seller.userId}`, {
          token: seller.accessToken,
        })
      ).data.balance;
      const voucher = await call<{ code: string }>(base, 'POST', '/api/voucher/add', {
        body: { credits: promotions * price + spare - start, daysActive: 1 },
        token: asAdmin,
      });
      expect(voucher.code, voucher.message).toBe(0);
      const redeemed = await call(base, 'POST', '/api/voucher/redeem', {
        body: { userId: seller.userId, code: voucher.data.code },
        token: seller.accessToken,
      });
      expect(redeemed.code, redeemed.message).toBe(0);
      const titles = Array.from({ length: promotions }, (_, n) => `${kind} ${tag} ${n}`);
      const ids = await insertListings(sql, {
        userId: seller.userId,
        state: 'ACTIVE',
        ...yaris!,
        titles,
      });
      for (const carId of ids) {
        const res = await call(base, 'POST', '/api/car/promote', {
          body: { carId, listingTypeId: 2 },
          token: seller.accessToken,
        });
        expect(res.code, res.message).toBe(0);
      }
      return { ...seller, ids, titles };
    };
    // Renewed: the balance pays exactly one more period of each. Canceled: each ends at expiry.
    // Short: nothing left, so each ends at expiry for want of credits.
    const [renewing, canceling, short] = await Promise.all([
      promoter('Renew', 15, 15 * price),
      promoter('Cancel', 10, 0),
      promoter('Short', 10, 0),
    ]);
    for (const carId of canceling.ids) {
      const res = await call(base, 'PUT', `/api/subscription/cancel/${carId}`, {
        token: canceling.accessToken,
      });
      expect(res.code, res.message).toBe(0);
    }

    // Saved searches of buyers, then new listings that match them, approved through the API.
    const buyers = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const buyer = await register(base);
        const name = `Cluster alert ${tag} ${n}`;
        const saved = await call<{ id: number }>(base, 'POST', '/api/saved-searches', {
          body: { name, filters: { brand: other!.make }, alert: 'instant' },
          token: buyer.accessToken,
        });
        expect(saved.code, saved.message).toBe(0);
        return { ...buyer, name, searchId: saved.data.id };
      }),
    );
    const dealer = await register(base);
    const matching = await insertListings(sql, {
      userId: dealer.userId,
      state: 'PENDING',
      ...other!,
      titles: Array.from({ length: 12 }, (_, n) => `Alert ${tag} ${n}`),
    });

    // Time travel: every promotion's period ended a day ago; the subscription job of either
    // instance (every second) finds them due.
    const promoters = [renewing, canceling, short].map((s) => s.userId);
    await sql.query(
      `update subscription_periods set period_start = period_start - interval '31 days',
         period_end = period_end - interval '31 days'
        where subscription_id in (select id from subscriptions where user_id = any($1::int[]))`,
      [promoters],
    );
    await sql.query(
      `update subscriptions set created_at = created_at - interval '31 days',
         expires_at = expires_at - interval '31 days' where user_id = any($1::int[])`,
      [promoters],
    );
    // The matching cars go live in two waves, so the alert job sees them in separate runs.
    const approve = async (ids: number[]) => {
      for (const id of ids) {
        const res = await call(base, 'POST', `/api/cars/requests/approve/${id}`, {
          token: asAdmin,
        });
        expect(res.code, res.message).toBe(0);
      }
    };
    const matchedCount = async () =>
      (
        await sql.query<{ n: number }>(
          'select count(*)::int as n from saved_search_matches where saved_search_id = any($1::int[])',
          [buyers.map((b) => b.searchId)],
        )
      ).rows[0]!.n;
    await approve(matching.slice(0, 6));
    await until('the first wave matched', async () => (await matchedCount()) >= 6 * buyers.length);
    await approve(matching.slice(6));
    await until('every car matched', async () => (await matchedCount()) === 12 * buyers.length);
    await until('no promotion is due', async () => {
      const { rows } = await sql.query<{ n: number }>(
        `select count(*)::int as n from subscriptions
          where user_id = any($1::int[]) and type_id in (1, 3) and expires_at <= now()`,
        [promoters],
      );
      return rows[0]!.n === 0;
    });
    const emails = [renewing, canceling, short, ...buyers].map((u) => u.email);
    await until('every e-mail sent', async () => {
      const { rows } = await sql.query<{ n: number }>(
        'select count(*)::int as n from mail_queue where "to" = any($1::text[]) and sent_at is null',
        [emails],
      );
      return rows[0]!.n === 0;
    });
    // Both instances then run both jobs again (at least once each) with nothing left to do.
    const runsOf = () =>
      Promise.all(
        [0, 1].flatMap((i) =>
          ['subscriptions', 'saved-search-alerts'].map((job) =>
            jobRuns(instance(i as 0 | 1).url, METRICS_TOKEN, job),
          ),
        ),
      );
    const settled = await runsOf();
    expect(
      settled.every((n) => n > 0),
      `job runs: ${settled.join(', ')}`,
    ).toBe(true);
    await until('both instances ran both jobs again', async () =>
      (await runsOf()).every((n, k) => n > settled[k]!),
    );

    // Renewals: one charge per period in the ledger, balance and ledger equal, one period row more.
    const charges = await sql.query<{ listing_id: number; credits: number }>(
      `select listing_id, credits from transactions where type_id = 8 and user_id = any($1::int[])`,
      [promoters],
    );
    expect(charges.rows.map((r) => r.listing_id).sort(byNumber)).toEqual(
      [...renewing.ids].sort(byNumber),
    );
    expect(charges.rows.every((r) => r.credits === price)).toBe(true);
    const wallet = await sql.query<{ balance: number; ledger: number }>(
      `select u.balance, (select coalesce(sum(credits), 0)::int from ledger_entries l
          where l.user_id = u.id) as ledger from users u where u.id = $1`,
      [renewing.userId],
    );
    expect(wallet.rows[0]).toEqual({ balance: 0, ledger: 0 });
    const periods = await sql.query<{ listing_id: number; n: number }>(
      `select listing_id, count(*)::int as n from subscription_periods
        where listing_id = any($1::int[]) group by listing_id`,
      [renewing.ids],
    );
    expect(periods.rows.map((r) => r.n)).toEqual(renewing.ids.map(() => 2));
    // Expiries: each ended once (expired, Standard again), the others' balances untouched.
    const states = await sql.query<{ user_id: number; type_id: number; listing_type_id: number }>(
      `select s.user_id, s.type_id, l.listing_type_id from subscriptions s
         join listings l on l.id = s.listing_id where s.user_id = any($1::int[])`,
      [promoters],
    );
    for (const row of states.rows) {
      const renewed = row.user_id === renewing.userId;
      expect(row).toEqual({
        user_id: row.user_id,
        type_id: renewed ? 1 : 2,
        listing_type_id: renewed ? 2 : 3,
      });
    }
    expect(states.rows).toHaveLength(35);
    // One notice and one queued e-mail per item, naming it.
    const notices = await sql.query<{ user_id: number; title: string; message: string }>(
      `select user_id, title, message from notifications
        where user_id = any($1::int[]) and title like 'Promotion %'`,
      [promoters],
    );
    const noticed = (
      seller: { userId: number; titles: string[] },
      title: string,
      reason: string,
    ) => {
      const mine = notices.rows.filter((n) => n.user_id === seller.userId);
      expect(mine.map((n) => n.title)).toEqual(seller.titles.map(() => title));
      const named = seller.titles.map(
        (t) =>
          mine.filter((n) => n.message.includes(`"${t}"`) && n.message.includes(reason)).length,
      );
      expect(named).toEqual(seller.titles.map(() => 1));
    };
    noticed(renewing, 'Promotion renewed', 'was renewed');
    noticed(canceling, 'Promotion ended', 'was canceled');
    noticed(short, 'Promotion ended', 'your balance is too low');
    // Alerts: each car reached each search in exactly one alert e-mail (with its notice).
    const alerts = await sql.query<{ to: string; subject: string; text: string }>(
      `select "to", subject, text from mail_queue where subject like $1`,
      [`%"Cluster alert ${tag} %"`],
    );
    for (const buyer of buyers) {
      const mine = alerts.rows.filter((a) => a.subject.endsWith(`"${buyer.name}"`));
      expect(mine.every((a) => a.to === buyer.email)).toBe(true);
      const cars = mine.flatMap((a) =>
        [...a.text.matchAll(/\/car\/(\d+)$/gm)].map((m) => Number(m[1])),
      );
      expect(cars.sort(byNumber)).toEqual([...matching].sort(byNumber));
      const told = await sql.query<{ n: number }>(
        `select count(*)::int as n from notifications where user_id = $1 and title like '% new car%'`,
        [buyer.userId],
      );
      expect(told.rows[0]!.n).toBe(mine.length);
    }
    // Mail: every one of those e-mails left once, through one instance or the other.
    const queued = await sql.query<{ to: string; subject: string; n: number }>(
      `select "to", subject, count(*)::int as n from mail_queue where "to" = any($1::text[])
        group by "to", subject`,
      [emails],
    );
    const sent = await outboxMails([0, 1].map((i) => path.join(dir, `data-${i}`)));
    for (const { to, subject, n } of queued.rows) {
      expect(
        sent.filter((m) => m.to === to && m.subject === subject),
        `${to}: ${subject}`,
      ).toHaveLength(n);
    }
    console.info(
      `[cluster] jobs: ${charges.rows.length} renewals, ${states.rows.length - renewing.ids.length} expiries, ` +
        `${alerts.rows.length} alert e-mails; runs per instance ${settled.join(', ')}`,
    );
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
      // docs/operations.md's procedure: out of nginx, restart, ready, back in.
      await nginx.reload(i);
      await instance(i).kill('SIGTERM');
      expect(instance(i).child.exitCode).toBe(0);
      await start(i);
      await ready(`${instance(i).url}/readyz`);
      await nginx.reload();
    }
    await sleep(1000);
    await traffic.stop();
    const failed = traffic.outcomes.filter((o) => !o.ok);
    console.info(
      `[cluster] rolling restart: ${traffic.outcomes.length} requests, ${failed.length} failed, ${traffic.resent.length} sent again after nginx closed an idle connection`,
    );
    expect(failed).toEqual([]);
    expect(traffic.outcomes.length).toBeGreaterThan(50);
  });
});
