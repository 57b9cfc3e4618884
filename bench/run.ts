/**
 * `npm run bench`: builds the site, prepares the data sets (bench/load.ts), starts the built app on
 * each, serves one listing page as a static file (nginx) in the same run, measures every scenario
 * (bench/scenarios.ts) with wrk, first through the app's own HTTP server alone, then behind nginx
 * configured by deploy/nginx.conf before one instance per core, and writes a Markdown table with
 * the budgets to bench/results/.
 *
 *   node bench/run.ts [--db postgres,pglite] [--sizes 10000,100000] [--duration 10]
 *                     [--connections 8] [--scenarios listing-hot,car-api] [--label baseline] ...
 *
 * See docs/performance.md and `node bench/run.ts --help`.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync, closeSync } from 'node:fs';
import { fillCompileCache, serveCommand } from '../server/compile-cache.ts';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { appendHistory } from './history.ts';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as prettier from 'prettier';
import { prepareDataset, sizeLabel, type BenchDb, type Dataset } from './load.ts';
import { prng } from './generate.ts';
import { totpCode } from '../tests/support/two-factor.ts';
import { startFront, startStatic, type Running } from './nginx.ts';
import {
  killChildren,
  cpuSeconds,
  readStatus,
  rssSampler,
  sleep,
  stopProcess,
  track,
  which,
} from './processes.ts';
import {
  budgetFor,
  formatRps,
  RSS_BUDGET_MB,
  SEARCH_PAGES,
  scenarioKeys,
  scenariosFor,
  type Kind,
  type Scenario,
  type Via,
  type WrkResult,
} from './scenarios.ts';

export { formatRps };

const repo = fileURLToPath(new URL('..', import.meta.url));
const scriptsDir = path.join(repo, 'bench', 'scripts');

const ADMIN_EMAIL = 'admin@bench.example.mt';
const ADMIN_PASSWORD = 'BenchAdmin2026';
/** Listing pages rendered in the warm-up, outside every measured set. */
const WARM_RENDERS = 200;

// ---------------------------------------------------------------------------------------------
// Options

export interface BenchOptions {
  /** (database, size) pairs, run in this order. */
  matrix: { db: BenchDb; size: number }[];
  duration: number;
  connections: number;
  /** Connections of the admin list scenarios (few admins at once; each answer is large). */
  adminConnections: number;
  threads: number;
  /** wrk's --timeout in seconds: slower answers count as timeouts. */
  timeout: number;
  seed: number;
  /** Scenario keys to run; empty = all. */
  scenarios: string[];
  hotSetSize: number;
  /** At most this long warming the hot set's pages. */
  warmupSeconds: number;
  /** The app alone; the static file uses port + 1, nginx in front port + 2. */
  port: number;
  staticPort: number;
  frontPort: number;
  /** App instances behind nginx (one per core), on port, port + 10, port + 11, ... */
  instances: number;
  /** bench/.data */
  dataRoot: string;
  /** Where the site is built (SITE_DIST of the app). */
  dist: string;
  build: boolean;
  fresh: boolean;
  serverUrl: string;
  outDir: string;
  label: string;
  writeLatest: boolean;
  json?: string;
  /** What serves the static file: nginx (falling back to Node when missing) or Node. */
  staticServer: 'nginx' | 'node';
  /** A line for the report (e.g. which code was measured). */
  note: string;
  /** Extra settings for the app (--env NAME=value), shown in the report. */
  appEnv: Record<string, string>;
  log: (line: string) => void;
}

const defaultMatrix: BenchOptions['matrix'] = [
  { db: 'postgres', size: 10_000 },
  { db: 'postgres', size: 100_000 },
  { db: 'pglite', size: 10_000 },
];

const usage = `Usage: node bench/run.ts [options]   (npm run bench -- [options])

  --db <list>           postgres,pglite (default: PostgreSQL 10k and 100k, PGlite 10k)
  --sizes <list>        listings per data set, e.g. 10000,100000 (PGlite runs above 10k
                        only when --db names it)
  --duration <s>        seconds per scenario (default 10)
  --connections <n>     wrk connections (default 8; admin lists use 2)
  --threads <n>         wrk threads (default 1)
  --timeout <s>         wrk request timeout (default 10)
  --scenarios <list>    scenario keys (default all): ${'{keys}'}
  --hot <n>             listings in the hot set (default 300)
  --warmup <s>          at most this long warming the hot set (default 45; keep it
                        under the page cache's lifetime minus --duration)
  --seed <n>            data set seed (default 1)
  --port <n>            app port (default 4700; the static file uses port + 1, nginx in
                        front port + 2, the other instances behind it port + 10 onwards)
  --instances <n>       app instances behind nginx (default: one per core, here ${os.availableParallelism()};
                        PostgreSQL only: PGlite runs one instance)
  --label <text>        appended to the results file name (e.g. baseline)
  --out <dir>           results folder (default bench/results)
  --no-latest           do not update <out>/latest.md
  --json <file>         also write the results as JSON
  --fresh               rebuild the data sets even when cached
  --no-build            reuse the site build in --dist
  --dist <dir>          where the site is built (default bench/.data/dist)
  --data <dir>          data folder (default bench/.data)
  --static <server>     nginx (default; Node when nginx is missing) or node
  --note <text>         a line for the report (e.g. which code was measured)
  --env NAME=value      an extra setting for the app (repeatable), e.g. --env PAGE_CACHE_MB=256
  --database-url <url>  the PostgreSQL server (default $BENCH_DATABASE_URL or
                        postgres://postgres@127.0.0.1:5432/postgres)`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      sizes: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      threads: { type: 'string' },
      timeout: { type: 'string' },
      scenarios: { type: 'string' },
      hot: { type: 'string' },
      warmup: { type: 'string' },
      seed: { type: 'string' },
      port: { type: 'string' },
      instances: { type: 'string' },
      label: { type: 'string' },
      out: { type: 'string' },
      'no-latest': { type: 'boolean' },
      json: { type: 'string' },
      fresh: { type: 'boolean' },
      'no-build': { type: 'boolean' },
      dist: { type: 'string' },
      data: { type: 'string' },
      'database-url': { type: 'string' },
      static: { type: 'string' },
      note: { type: 'string' },
      env: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.info(usage.replace('{keys}', scenarioKeys.join(',')));
    process.exit(0);
  }
  const list = (v: string | undefined) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const num = (v: string | undefined, fallback: number, name: string) => {
    if (v === undefined) return fallback;
    const n = Number(v.replaceAll('_', ''));
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const dbs = list(values.db).map((d) => {
    if (d !== 'postgres' && d !== 'pglite') throw new Error(`--db: unknown database ${d}`);
    return d as BenchDb;
  });
  const sizes = list(values.sizes).map((s) => num(s, 0, 'sizes'));
  let matrix = defaultMatrix;
  if (dbs.length || sizes.length) {
    const wanted = sizes.length ? sizes : [10_000, 100_000];
    matrix = (dbs.length ? dbs : (['postgres', 'pglite'] as BenchDb[])).flatMap((db) =>
      wanted
        // PGlite at 100k is optional and slow to load: only when asked for by name.
        .filter((size) => db === 'postgres' || dbs.length > 0 || size <= 10_000)
        .map((size) => ({ db, size })),
    );
  }
  const scenarios = list(values.scenarios);
  for (const key of scenarios)
    if (!scenarioKeys.includes(key)) throw new Error(`--scenarios: unknown scenario ${key}`);
  const port = num(values.port, 4700, 'port');
  const dataRoot = path.resolve(values.data ?? path.join(repo, 'bench', '.data'));
  return {
    matrix,
    duration: num(values.duration, 10, 'duration'),
    connections: num(values.connections, 8, 'connections'),
    adminConnections: Math.min(2, num(values.connections, 8, 'connections')),
    threads: num(values.threads, 1, 'threads'),
    timeout: num(values.timeout, 10, 'timeout'),
    seed: num(values.seed, 1, 'seed'),
    scenarios,
    hotSetSize: num(values.hot, 300, 'hot'),
    warmupSeconds: num(values.warmup, 45, 'warmup'),
    port,
    staticPort: port + 1,
    frontPort: port + 2,
    instances: num(values.instances, os.availableParallelism(), 'instances'),
    dataRoot,
    dist: path.resolve(values.dist ?? path.join(dataRoot, 'dist')),
    build: !values['no-build'],
    fresh: values.fresh ?? false,
    serverUrl:
      values['database-url'] ??
      process.env.BENCH_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    outDir: path.resolve(values.out ?? path.join(repo, 'bench', 'results')),
    label: values.label ?? '',
    writeLatest: !values['no-latest'],
    json: values.json ? path.resolve(values.json) : undefined,
    staticServer: values.static === 'node' ? 'node' : 'nginx',
    note: values.note ?? '',
    appEnv: Object.fromEntries(
      (values.env ?? []).map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`--env takes NAME=value, not ${pair}`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
    ),
    log: (line) => console.info(`[bench] ${line}`),
  };
}

// ---------------------------------------------------------------------------------------------
// Results

interface Measured extends WrkResult {
  key: string;
  name: string;
  kind: Kind;
  via: Via;
  connections: number;
  /** Status of one request made before the run (redirects are not followed). */
  probeStatus: number;
  /** Requests that failed: non-2xx/3xx answers, timeouts, socket errors. */
  failed: number;
  rssMaxMb: number | null;
  /** The app's CPU time (user and system, every instance) per answered request, in ms. */
  cpuMsPerRequest: number | null;
  /**
   * A page's static twin measured right before it (req/s): what its budget holds it to, so that
   * the host's drift between the first scenarios and the page's own does not decide it.
   */
  pairedStaticRps?: number;
  budget: string | null;
  met: boolean | null;
}

export interface ComboResult {
  db: BenchDb;
  size: number;
  label: string;
  dataset: Omit<Dataset, 'ids'>;
  staticServer: string;
  /** nginx in front and its instances, when scenarios behind it ran. */
  frontServer: string;
  startSeconds: number;
  idleRssMb: number | null;
  peakRssMb: number | null;
  hotWarmed: { warmed: number; of: number; seconds: number };
  scenarios: Measured[];
  rssMet: boolean | null;
  error?: string;
}

export interface BenchReport {
  startedAt: string;
  seconds: number;
  machine: string;
  settings: string;
  note: string;
  combos: ComboResult[];
  file: string;
}

// ---------------------------------------------------------------------------------------------
// Processes

async function buildSite(options: BenchOptions) {
  const entry = path.join(options.dist, 'server', 'entry.mjs');
  if (!options.build && existsSync(entry)) return;
  options.log(`building the site into ${path.relative(repo, options.dist) || options.dist}`);
  const astro = path.join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: repo,
    // A test runner's NODE_ENV (vitest sets "test") would give a development build.
    env: { ...process.env, NODE_ENV: 'production', SITE_DIST: options.dist },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`the site build failed:\n${(result.stdout + result.stderr).slice(-3000)}`);
  }
}

interface App {
  child: ChildProcess;
  url: string;
  logFile: string;
  startSeconds: number;
  stop: () => Promise<void>;
}

/** Ports of the app instances: the app alone's first, then port + 10 onwards. */
const instancePorts = (options: BenchOptions) =>
  Array.from({ length: options.instances }, (_, i) =>
    i === 0 ? options.port : options.port + 9 + i,
  );

/** Starts the built app on `port` (instance `n` of the data set, 0 for the app alone). */
async function startApp(
  options: BenchOptions,
  dataset: Dataset,
  runDir: string,
  port: number,
  n = 0,
): Promise<App> {
  const logFile = path.join(
    runDir,
    `app-${dataset.db}-${dataset.label}${n === 0 ? '' : `-${n + 1}`}.log`,
  );
  const fd = openSync(logFile, 'w');
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    TZ: process.env.TZ,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataset.dataDir,
    SITE_DIST: options.dist,
    DEMO_DATA: 'false',
    JOBS: 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ACCESS_TOKEN_MINUTES: '600',
    JWT_SECRET: 'spotted-bench-jwt-secret-not-for-production-use',
  };
  if (dataset.databaseUrl) env.DATABASE_URL = dataset.databaseUrl;
  const serve = serveCommand();
  Object.assign(env, serve.env, options.appEnv);
  // The app measured starts as a built one does: from Node's compile cache (npm run build).
  fillCompileCache();
  const started = Date.now();
  const child = track(
    spawn(process.execPath, [...serve.flags, path.join(repo, 'server', 'main.ts')], {
      cwd: repo,
      env,
      stdio: ['ignore', fd, fd],
    }),
  );
  closeSync(fd);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  const stop = () => stopProcess(child, 'SIGTERM', 15_000);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(`${url}/api/configuration`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) {
        await res.arrayBuffer();
        return { child, url, logFile, startSeconds: (Date.now() - started) / 1000, stop };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  const tail = readFileSync(logFile, 'utf8').slice(-3000);
  throw new Error(`the app did not start (${exited ?? 'no answer in 180 s'}):\n${tail}`);
}

/** Runs wrk once; its script prints one BENCH_RESULT line. Never waits past the duration + timeout. */
async function runWrk(
  options: BenchOptions,
  url: string,
  script: string,
  env: Record<string, string>,
  connections: number,
): Promise<WrkResult> {
  const args = [
    `-t${options.threads}`,
    `-c${Math.max(connections, options.threads)}`,
    `-d${options.duration}s`,
    '--timeout',
    `${options.timeout}s`,
    '--latency',
    '-s',
    path.join(scriptsDir, script),
    url,
  ];
  const child = track(
    spawn(which('wrk') ?? 'wrk', args, {
      env: {
        ...process.env,
        BENCH_SCRIPTS: scriptsDir,
        BENCH_THREADS: String(options.threads),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const limit = setTimeout(
    () => child.kill('SIGKILL'),
    (options.duration + options.timeout + 20) * 1000,
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(limit);
  const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (!line) throw new Error(`wrk gave no result (exit ${code}):\n${out.slice(-2000)}`);
  return JSON.parse(line.slice('BENCH_RESULT '.length)) as WrkResult;
}

// ---------------------------------------------------------------------------------------------
// One (database, size)

interface Http {
  status: number;
  body: string;
}

async function request(
  url: string,
  init: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Http> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      'Accept-Encoding': 'br, gzip',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
  });
  return { status: res.status, body: await res.text() };
}

/**
 * The administrator's access token for the admin scenarios. Administrators log in with a code of
 * an authenticator as well: the first login on a data set sets it up, and its secret is kept
 * beside the data set for the codes of later runs.
 */
async function adminToken(appUrl: string, dataDir: string): Promise<string> {
  const secretFile = path.join(dataDir, 'admin-two-factor.json');
  const login = await request(`${appUrl}/api/user/login`, {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const answer = (
    JSON.parse(login.body) as {
      data?: { accessToken?: string; challengeToken?: string; enrolment?: { secret: string } };
    }
  ).data;
  if (login.status !== 200 || !answer)
    throw new Error(`admin login failed: ${login.status} ${login.body.slice(0, 300)}`);
  if (answer.accessToken) return answer.accessToken;
  if (answer.enrolment)
    await writeFile(secretFile, JSON.stringify({ secret: answer.enrolment.secret }));
  if (!existsSync(secretFile))
    throw new Error(`the admin's two-factor secret is not in ${secretFile}: delete the data set`);
  const { secret } = JSON.parse(readFileSync(secretFile, 'utf8')) as { secret: string };
  const second = await request(`${appUrl}/api/user/login/code`, {
    method: 'POST',
    body: { challengeToken: answer.challengeToken, code: totpCode(secret) },
  });
  const token = (JSON.parse(second.body) as { data?: { accessToken?: string } }).data?.accessToken;
  if (second.status !== 200 || !token)
    throw new Error(`admin code step failed: ${second.status} ${second.body.slice(0, 300)}`);
  return token;
}

/**
 * 4,000 different searches in a shuffled order: the first 50 makes by name, each with a lowest
 * price of 1,000 to 20,000 (steps of 500) and the default order or by price or year.
 */
async function searchBodies(appUrl: string, seed: number): Promise<string[]> {
  const res = await request(`${appUrl}/api/cars/brands`);
  const data = (JSON.parse(res.body) as { data: { id: number }[] | { list: { id: number }[] } })
    .data;
  const makes = (Array.isArray(data) ? data : data.list).slice(0, 50).map((m) => m.id);
  const orders = [{}, { sortBy: 'price', sortDirection: 'ASC' }, { sortBy: 'year' }];
  const bodies = makes.flatMap((brand) =>
    Array.from({ length: 39 }, (_, i) => 1000 + 500 * i).flatMap((minPrice) =>
      orders.map((order) => JSON.stringify({ brand, minPrice, ...order, pageNumber: 1 })),
    ),
  );
  return shuffled(bodies, seed * 17 + 3).slice(0, 4000);
}

/**
 * 4,000 different keyword searches in a shuffled order: each make's name, the same with a letter
 * left out (a typo that trigrams find), the models of the first 10 makes, and words of the
 * descriptions (bench/generate.ts), each with a lowest price of 1,000 to 20,000 (steps of 500)
 * and the default order or by price.
 */
async function keywordBodies(appUrl: string, seed: number): Promise<string[]> {
  type Named = { id: number; name: string };
  const listOf = async (path: string) => {
    const data = (
      JSON.parse((await request(`${appUrl}${path}`)).body) as {
        data: Named[] | { list: Named[] };
      }
    ).data;
    return Array.isArray(data) ? data : data.list;
  };
  const makes = await listOf('/api/cars/brands');
  const models = (
    await Promise.all(makes.slice(0, 10).map((m) => listOf(`/api/cars/brands/${m.id}/models`)))
  ).flat();
  const typo = (name: string) => name.slice(0, 2) + name.slice(3);
  const keywords = [
    ...makes.map((m) => m.name),
    ...makes.filter((m) => m.name.length >= 5).map((m) => typo(m.name)),
    ...models.map((m) => m.name),
    'service history',
    'cruise control',
    'family',
    'imported',
    'garage kept',
  ];
  const orders = [{}, { sortBy: 'price', sortDirection: 'ASC' }];
  const bodies = keywords.flatMap((keyword) =>
    Array.from({ length: 39 }, (_, i) => 1000 + 500 * i).flatMap((minPrice) =>
      orders.map((order) => JSON.stringify({ keyword, minPrice, ...order, pageNumber: 1 })),
    ),
  );
  return shuffled(bodies, seed * 23 + 5).slice(0, 4000);
}

/**
 * `count` different search pages in a random order: any make, a lowest price or none, a highest
 * price or none, and one of the search page's six orders (site/features/search/filters.ts).
 */
async function searchPaths(appUrl: string, seed: number, count: number): Promise<string[]> {
  const res = await request(`${appUrl}/api/cars/brands`);
  const data = (JSON.parse(res.body) as { data: { id: number }[] | { list: { id: number }[] } })
    .data;
  const makes = (Array.isArray(data) ? data : data.list).map((m) => m.id);
  const orders = [
    '',
    '&sortBy=price&sortDirection=ASC',
    '&sortBy=price&sortDirection=DESC',
    '&sortBy=year&sortDirection=ASC',
    '&sortBy=year&sortDirection=DESC',
    '&sortBy=deal&sortDirection=ASC',
  ];
  const r = prng(seed * 13 + 5);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)] as T;
  const paths = new Set<string>();
  for (let tries = 0; paths.size < count && tries < count * 20; tries++) {
    const min = r() < 0.8 ? 500 * Math.floor(r() * 60) : 0;
    const max = r() < 0.6 ? min + 1000 * (2 + Math.floor(r() * 60)) : 0;
    paths.add(
      `/search?make=${pick(makes)}${min ? `&minPrice=${min}` : ''}${max ? `&maxPrice=${max}` : ''}${pick(orders)}`,
    );
  }
  return [...paths];
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const r = prng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function runCombo(
  options: BenchOptions,
  db: BenchDb,
  size: number,
  runDir: string,
): Promise<ComboResult> {
  const log = (line: string) => options.log(`${db} ${sizeLabel(size)}: ${line}`);
  const dataset = await prepareDataset({
    db,
    size,
    seed: options.seed,
    root: options.dataRoot,
    serverUrl: options.serverUrl,
    fresh: options.fresh,
    log: options.log,
  });
  const { ids, ...datasetInfo } = dataset;
  log(
    `${dataset.counts.listings} listings ${dataset.cached ? 'reused' : 'loaded'} in ${dataset.seconds.toFixed(0)} s`,
  );

  // The hot set: a fixed sample of listings. First views walk the others in a shuffled order.
  const order = shuffled(ids, options.seed * 31 + 7);
  const hot = order.slice(0, Math.min(options.hotSetSize, Math.max(1, Math.floor(ids.length / 2))));
  const cold = order.slice(hot.length);
  const idFiles = {
    hot: path.join(runDir, `ids-${db}-${dataset.label}-hot.txt`),
    cold: path.join(runDir, `ids-${db}-${dataset.label}-cold.txt`),
    all: path.join(runDir, `ids-${db}-${dataset.label}-all.txt`),
  };
  await writeFile(idFiles.hot, hot.join('\n') + '\n');
  await writeFile(idFiles.cold, cold.join('\n') + '\n');
  await writeFile(idFiles.all, ids.join('\n') + '\n');

  const app = await startApp(options, dataset, runDir, options.port);
  const pid = app.child.pid;
  /** The other instances behind nginx and nginx itself, started before its first scenario. */
  const others: App[] = [];
  let staticServer: Running | null = null;
  let front: (Running & { url: string }) | null = null;
  const result: ComboResult = {
    db,
    size,
    label: dataset.label,
    dataset: datasetInfo,
    staticServer: '',
    frontServer: '',
    startSeconds: app.startSeconds,
    idleRssMb: pid ? (readStatus(pid)?.rss ?? null) : null,
    peakRssMb: null,
    hotWarmed: { warmed: 0, of: hot.length, seconds: 0 },
    scenarios: [],
    rssMet: null,
  };
  try {
    log(`app up in ${app.startSeconds.toFixed(1)} s (log: ${path.relative(repo, app.logFile)})`);
    const token = await adminToken(app.url, dataset.dataDir);

    const firstHot = hot[0] as number;
    const page = await request(`${app.url}/car/${firstHot}`);
    if (page.status !== 200) throw new Error(`GET /car/${firstHot} answered ${page.status}`);
    staticServer = await startStatic(
      path.join(runDir, `static-${options.staticPort}`),
      options.staticPort,
      page.body,
      options.staticServer,
      log,
    );
    result.staticServer = staticServer.name;

    const bodiesFiles = {
      varied: path.join(runDir, `bodies-${db}-${dataset.label}.txt`),
      keywords: path.join(runDir, `keywords-${db}-${dataset.label}.txt`),
    };
    await writeFile(
      bodiesFiles.varied,
      (await searchBodies(app.url, options.seed)).join('\n') + '\n',
    );
    await writeFile(
      bodiesFiles.keywords,
      (await keywordBodies(app.url, options.seed)).join('\n') + '\n',
    );
    // Each scenario of search pages walks searches of its own: none was kept by the other.
    const pages = await searchPaths(app.url, options.seed, 2 * SEARCH_PAGES);
    const pathFiles: Record<Via, string> = {
      app: path.join(runDir, `search-pages-${db}-${dataset.label}-app.txt`),
      nginx: path.join(runDir, `search-pages-${db}-${dataset.label}-nginx.txt`),
    };
    const searchesOf: Record<Via, string[]> = {
      app: pages.slice(0, SEARCH_PAGES),
      nginx: pages.slice(SEARCH_PAGES),
    };
    for (const via of ['app', 'nginx'] as const)
      await writeFile(pathFiles[via], searchesOf[via].join('\n') + '\n');

    const wanted = scenariosFor(dataset).filter(
      (s) => !options.scenarios.length || options.scenarios.includes(s.key),
    );
    // PGlite keeps its database in one process: it runs no instances behind nginx.
    const all = db === 'postgres' ? wanted : wanted.filter((s) => s.via === 'app');
    if (all.length < wanted.length) log('behind nginx: PostgreSQL only (PGlite runs one instance)');
    const baseOf = (s: Scenario) =>
      s.kind === 'static'
        ? `http://127.0.0.1:${options.staticPort}`
        : s.via === 'nginx'
          ? (front?.url ?? '')
          : app.url;
    const urlOf = (s: Scenario, id?: number) =>
      `${baseOf(s)}${s.path.replace('{id}', String(id ?? firstHot))}`;
    const probe = (s: Scenario, id?: number) =>
      // A search the run itself does not reach (the last of the scenario's list).
      request(s.script === 'paths.lua' ? `${baseOf(s)}${searchesOf[s.via].at(-1)}` : urlOf(s, id), {
        method: s.method ?? (s.body === undefined ? 'GET' : 'POST'),
        body: s.body,
        token: s.admin ? token : undefined,
        timeoutMs: (options.timeout + 20) * 1000,
      }).then(
        (r) => r.status,
        () => 0,
      );

    /** One wrk run of scenario `s`. */
    const measure = (s: Scenario, connections: number) => {
      const env: Record<string, string> = { BENCH_LABEL: s.key };
      if (s.admin) env.BENCH_TOKEN = token;
      if (s.body !== undefined) env.BENCH_BODY = JSON.stringify(s.body);
      if (s.script === 'bodies.lua') env.BENCH_BODIES = bodiesFiles[s.bodies ?? 'varied'];
      if (s.script === 'paths.lua') env.BENCH_PATHS = pathFiles[s.via];
      if (s.ids) {
        env.BENCH_IDS = idFiles[s.ids];
        env.BENCH_PATH = s.path;
        env.BENCH_ORDER = s.order ?? 'random';
        if (s.method) env.BENCH_METHOD = s.method;
        if (s.unique) env.BENCH_UNIQUE = '1';
      }
      // ids.lua and paths.lua build each path themselves; wrk only needs the server's address.
      const url = s.script === 'ids.lua' || s.script === 'paths.lua' ? `${baseOf(s)}/` : urlOf(s);
      return runWrk(options, url, s.script, env, connections);
    };

    /** Asks scenario `s` for each of `ids` in turn until they or `seconds` run out. */
    const warmRenders = async (s: Scenario, ids: readonly number[], seconds: number) => {
      const until = Date.now() + seconds * 1000;
      for (let k = 0; k < ids.length && Date.now() < until; k++) await probe(s, ids[k]);
    };

    // Warm-up: a few requests of each scenario (never the first views' listings), and the
    // render of 200 listing pages, as a server that has been running has rendered pages before
    // (V8 compiles a function fully after many calls): the last of the cold ids, which the first
    // views (from the start of the list, a few hundred) never reach.
    const warmStart = Date.now();
    for (const s of all) {
      if (s.kind === 'static' || s.via === 'nginx') continue;
      if (s.kind === 'miss') await warmRenders(s, cold.slice(-WARM_RENDERS - 1, -1), 30);
      else await warmRenders(s, hot.slice(0, 3), 10);
    }
    log(`warm-up done in ${((Date.now() - warmStart) / 1000).toFixed(0)} s`);

    /**
     * nginx in front of one instance per core: the app alone is the first; the others start
     * here, and render listing pages through nginx (which spreads them) as the first one did.
     */
    const startDeployment = async () => {
      const ports = instancePorts(options);
      for (const [i, port] of ports.entries()) {
        if (i === 0) continue;
        const instance = await startApp(options, dataset, runDir, port, i);
        others.push(instance);
        log(`instance ${i + 1} up in ${instance.startSeconds.toFixed(1)} s (port ${port})`);
      }
      front = await startFront(
        path.join(runDir, `front-${options.frontPort}`),
        options.frontPort,
        ports,
      );
      result.frontServer = front.name;
      log(`${front.name} on ${front.url}`);
      const started = Date.now();
      const ids = cold.slice(-(ports.length + 1) * WARM_RENDERS - 1, -WARM_RENDERS - 1);
      const listing: Scenario = {
        key: 'warm-up',
        name: 'Listing page through nginx',
        kind: 'render',
        script: 'ids.lua',
        path: '/car/{id}',
        via: 'nginx',
      };
      await warmRenders(listing, ids, 30 * ports.length);
      log(`warm-up behind nginx done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    };
    const running = () => [app, ...others];
    const appPids = (s: Scenario) =>
      s.kind === 'static'
        ? []
        : (s.via === 'nginx' ? running() : [app]).flatMap((a) =>
            a.child.pid ? [a.child.pid] : [],
          );

    for (const s of all) {
      for (const a of running())
        if (a.child.exitCode !== null || a.child.signalCode !== null)
          throw new Error(`an app instance stopped during the run; see ${a.logFile}`);
      if (s.via === 'nginx' && !front) await startDeployment();
      // A page's static twin, measured right before it (before the hot set's warm-up, which
      // must end within the page cache's lifetime of the run).
      const twin =
        s.kind === 'page'
          ? scenariosFor(dataset).find((t) => t.key === (s.baseline ?? 'static'))
          : undefined;
      const pairedStaticRps = twin
        ? (await measure(twin, s.connections ?? options.connections)).rps
        : undefined;
      if (s.kind === 'page' && s.ids === 'hot') {
        // Right before it is measured (a cache may keep pages for a limited time): each page of
        // the hot set once, 4 at a time, for at most --warmup seconds.
        const deadline = Date.now() + options.warmupSeconds * 1000;
        let next = 0;
        let warmed = 0;
        const worker = async () => {
          while (Date.now() < deadline && next < hot.length) {
            if ((await probe(s, hot[next++])) === 200) warmed++;
          }
        };
        const started = Date.now();
        await Promise.all(Array.from({ length: 4 }, worker));
        if (s.via === 'app')
          result.hotWarmed = { warmed, of: hot.length, seconds: (Date.now() - started) / 1000 };
        log(
          `hot set${s.via === 'nginx' ? ' behind nginx' : ''}: ${warmed} of ${hot.length} pages warmed`,
        );
      }
      const probeId = s.ids === 'cold' ? cold[cold.length - 1] : hot[0];
      const probeStatus = await probe(s, probeId);
      // A first view is one visitor's render after a change: measured one at a time, so its
      // latency is the render's, not a queue behind other renders (the hot set measures load).
      const connections = s.admin
        ? options.adminConnections
        : s.kind === 'miss'
          ? 1
          : (s.connections ?? options.connections);
      const stopSampling = rssSampler(appPids(s));
      const cpuBefore = cpuSeconds(appPids(s));
      const wrk = await measure(s, connections);
      const cpuAfter = cpuSeconds(appPids(s));
      const rss = stopSampling();
      const cpuMsPerRequest =
        cpuBefore === null || cpuAfter === null || wrk.requests === 0
          ? null
          : ((cpuAfter - cpuBefore) * 1000) / wrk.requests;
      const failed =
        wrk.errors.status +
        wrk.errors.timeout +
        wrk.errors.connect +
        wrk.errors.read +
        wrk.errors.write;
      result.scenarios.push({
        key: s.key,
        name: s.name,
        kind: s.kind,
        via: s.via,
        connections,
        ...wrk,
        probeStatus,
        failed,
        rssMaxMb: rss,
        cpuMsPerRequest,
        ...(pairedStaticRps === undefined ? {} : { pairedStaticRps }),
        budget: null,
        met: null,
      });
      log(
        `${s.key}: ${formatRps(wrk.rps)} req/s, p50 ${formatMs(wrk.p50)}, p95 ${formatMs(wrk.p95)}, p99 ${formatMs(wrk.p99)} ms` +
          `${failed ? `, ${failed} failed` : ''}${probeStatus !== 200 ? `, probe ${probeStatus}` : ''}` +
          `${rss === null ? '' : `, RSS ≤ ${rss.toFixed(0)} MB`}` +
          `${cpuMsPerRequest === null ? '' : `, app CPU ${formatMs(cpuMsPerRequest)} ms/request`}`,
      );
      await sleep(300);
    }
    result.peakRssMb =
      Math.max(
        0,
        ...running().map((a) => (a.child.pid ? (readStatus(a.child.pid)?.hwm ?? 0) : 0)),
      ) || null;
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
    log(`failed: ${result.error}`);
  } finally {
    await (front as Running | null)?.stop();
    await staticServer?.stop();
    await Promise.all([app, ...others].map((a) => a.stop()));
  }

  const scenarios = scenariosFor(dataset);
  for (const s of result.scenarios) {
    const declared = scenarios.find((t) => t.key === s.key);
    const twin = declared?.baseline ?? (s.kind === 'page' ? 'static' : null);
    const staticRps =
      s.pairedStaticRps ?? result.scenarios.find((t) => t.key === twin)?.rps ?? null;
    const budget = budgetFor(s.kind, s.via, db, staticRps);
    s.budget = budget?.text ?? null;
    s.met = budget ? budget.check(s) && s.failed === 0 && s.probeStatus === 200 : null;
  }
  const maxRss = Math.max(0, ...result.scenarios.map((s) => s.rssMaxMb ?? 0));
  // The memory budget is set at PostgreSQL's scale (PGlite keeps its database in the process).
  result.rssMet = db === 'postgres' && result.scenarios.length ? maxRss <= RSS_BUDGET_MB : null;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Report

function formatMs(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-GB') : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}
const yesNo = (met: boolean | null) => (met === null ? '—' : met ? 'yes' : '**no**');
const dbName = (db: BenchDb) => (db === 'postgres' ? 'PostgreSQL' : 'PGlite');

/** The checked-out commit, short; 'unknown' outside a repository. */
function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

function machineLine(options: BenchOptions): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return '';
    }
  };
  const commit = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  const dirty = git(['status', '--porcelain', '--untracked-files=no'])
    ? ' + uncommitted changes'
    : '';
  const wrk = spawnSync(which('wrk') ?? 'wrk', ['--version'], { encoding: 'utf8' });
  const wrkVersion = /wrk (\S+)/.exec(wrk.stdout + wrk.stderr)?.[1] ?? 'unknown';
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const pgVersion = options.matrix.some((m) => m.db === 'postgres') ? pgServerVersion : '';
  return [
    `commit ${commit}${dirty}`,
    `${os.availableParallelism()} cores (${cpu})`,
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM`,
    `Node ${process.version}`,
    pgVersion ? `PostgreSQL ${pgVersion}` : '',
    `wrk ${wrkVersion}`,
    `load average at start ${load}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
let pgServerVersion = '';

function renderCombo(c: ComboResult): string {
  const lines: string[] = [];
  lines.push(`## ${dbName(c.db)}, ${c.size.toLocaleString('en-GB')} listings`, '');
  const d = c.dataset;
  lines.push(
    `Data: ${d.counts.listings.toLocaleString('en-GB')} live listings, ${d.counts.sellers.toLocaleString('en-GB')} sellers, ` +
      `${d.counts.images.toLocaleString('en-GB')} photo rows over ${d.counts.photoFiles} shared files ` +
      `(${d.cached ? 'reused' : `loaded in ${d.seconds.toFixed(0)} s`}). ` +
      `App started in ${c.startSeconds.toFixed(1)} s, idle RSS ${c.idleRssMb?.toFixed(0) ?? '?'} MB; ` +
      `hot set ${c.hotWarmed.of} listings, ${c.hotWarmed.warmed} warmed first. Static file: ${c.staticServer || '—'}.` +
      (c.frontServer ? ` Behind nginx: ${c.frontServer}.` : ''),
    '',
  );
  if (c.error) lines.push(`**The run failed:** ${c.error.split('\n')[0]}`, '');
  lines.push(
    '| Scenario | req/s | p50 ms | p95 ms | p99 ms | app CPU ms/req | max RSS MB | failed | Budget | Met |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --- | :-: |',
  );
  for (const s of c.scenarios) {
    const failed = s.failed + (s.probeStatus === 200 ? '' : ` (status ${s.probeStatus})`);
    lines.push(
      `| ${s.name}${s.connections !== c.scenarios[0]?.connections ? ` (${s.connections} conn.)` : ''} | ${formatRps(s.rps)} | ${formatMs(s.p50)} | ${formatMs(s.p95)} | ${formatMs(s.p99)} | ` +
        `${s.cpuMsPerRequest == null ? '—' : formatMs(s.cpuMsPerRequest)} | ` +
        `${s.rssMaxMb === null ? '—' : s.rssMaxMb.toFixed(0)} | ${failed} | ${s.budget ?? '—'} | ${yesNo(s.met)} |`,
    );
  }
  const maxRss = Math.max(0, ...c.scenarios.map((s) => s.rssMaxMb ?? 0));
  lines.push(
    `| RSS under load (max of the scenarios) | | | | | ${maxRss.toFixed(0)} | | ${c.rssMet === null ? '—' : `≤ ${RSS_BUDGET_MB} MB`} | ${yesNo(c.rssMet)} |`,
  );
  const judged = [...c.scenarios.map((s) => s.met), c.rssMet].filter((m) => m !== null);
  lines.push(
    '',
    `Budgets met: ${judged.filter(Boolean).length} of ${judged.length}. Peak RSS of the run (VmHWM): ${c.peakRssMb?.toFixed(0) ?? '?'} MB.`,
    '',
  );
  return lines.join('\n');
}

const shortNames: Record<string, string> = {
  static: 'Static file (nginx)',
  'static-ids': 'Static file, random addresses',
  'listing-first': 'Listing page, first views',
  'listing-hot': 'Listing page, hot set',
  'search-page': 'Search page',
  'home-page': 'Home page',
  'search-default': 'POST cars/search, default',
  'search-make': 'POST cars/search, make',
  'search-price-fuel': 'POST cars/search, price + fuel',
  'search-sort-price': 'POST cars/search, by price',
  'listing-all': 'Listing pages, all ids, no cache',
  'search-pages': 'Search pages, varied, no cache',
  'search-varied': 'POST cars/search, 4,000 different',
  'search-keywords': 'POST cars/search, keywords',
  'car-api': 'GET car/{id}, one at a time',
  'car-api-load': 'GET car/{id}',
  'beacon-view': 'View beacon, one at a time',
  'beacon-view-load': 'View beacon',
  'beacon-impressions': 'Impressions beacon',
  'admin-active': 'Admin: cars/active',
  'admin-users': 'Admin: user/all',
  'admin-transactions': 'Admin: transactions',
  'listing-hot-nginx': 'nginx: listing page, hot set',
  'search-page-nginx': 'nginx: search page',
  'home-page-nginx': 'nginx: home page',
  'listing-all-nginx': 'nginx: listing pages, all ids, no cache',
  'search-pages-nginx': 'nginx: search pages, varied, no cache',
};
/** Kept pages and uncached listing pages are judged on p99, the rest on p95. */
const byP99 = (kind: Kind) => kind === 'page' || kind === 'render';
const mark = (met: boolean | null) => (met === null ? '' : met ? ' ✓' : ' ✗');

/** One row per scenario, req/s and p95 (p99 for pages) per data set: the summary of a result. */
export function renderSummary(combos: readonly ComboResult[]): string {
  const keys = [...new Set(combos.flatMap((c) => c.scenarios.map((s) => s.key)))];
  const head = combos.map((c) => `${dbName(c.db)} ${c.label}`);
  const lines = [
    `| Scenario | ${head.join(' | ')} |`,
    `| --- | ${head.map(() => '--:').join(' | ')} |`,
  ];
  for (const key of keys) {
    const cells = combos.map((c) => {
      const s = c.scenarios.find((x) => x.key === key);
      if (!s) return '—';
      const tail = byP99(s.kind) ? `p99 ${formatMs(s.p99)}` : `p95 ${formatMs(s.p95)}`;
      return `${formatRps(s.rps)}/s, ${tail} ms${mark(s.met)}`;
    });
    lines.push(`| ${shortNames[key] ?? key} | ${cells.join(' | ')} |`);
  }
  const rss = combos.map((c) => {
    const max = Math.max(0, ...c.scenarios.map((s) => s.rssMaxMb ?? 0));
    return `${max.toFixed(0)} MB${mark(c.rssMet)}`;
  });
  lines.push(`| Max RSS under load | ${rss.join(' | ')} |`);
  const met = combos.map((c) => {
    const judged = [...c.scenarios.map((s) => s.met), c.rssMet].filter((m) => m !== null);
    return `${judged.filter(Boolean).length} of ${judged.length}`;
  });
  lines.push(`| Budgets met | ${met.join(' | ')} |`);
  return lines.join('\n');
}

function render(report: Omit<BenchReport, 'file'>): string {
  const started = new Date(report.startedAt);
  return [
    `# Spotted benchmark, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${report.machine}.`,
    '',
    ...(report.note ? [report.note, ''] : []),
    `Settings: ${report.settings}. Total time ${Math.round(report.seconds / 60)} min.`,
    '',
    'Latencies are wrk’s (from the client, in ms); req/s is the mean over the run; RSS is the app ' +
      'process’s VmRSS sampled every 200 ms (behind nginx, the highest of its instances). ' +
      'Scenarios named "Behind nginx" go through deploy/nginx.conf, its page cache included, to one ' +
      'app instance per core; the others reach the app alone through Node’s HTTP server. ' +
      '"No cache" pages carry an address no cache has kept. "failed" counts non-2xx/3xx answers, timeouts and ' +
      'socket errors; a scenario with any fails its budget. Budgets (DESIGN.md, Speed) are set for ' +
      'PostgreSQL at 100k listings and PGlite at 10k; at other sizes they are shown for comparison. ' +
      'A page is held to its static twin (the same file asked the same way) measured again right ' +
      'before it: its figure is in the budget column.',
    '',
    '## Summary',
    '',
    'req/s and p95 (p99 for kept pages and listing pages with no cache) in ms; ✓ budget met, ✗ not met (details below).',
    '',
    renderSummary(report.combos),
    '',
    ...report.combos.map(renderCombo),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  if (!which('wrk')) throw new Error('wrk is not installed (apt-get install wrk)');
  const started = Date.now();
  const startedAt = new Date().toISOString();
  const runDir = path.join(options.dataRoot, 'run');
  await mkdir(runDir, { recursive: true });
  if (options.matrix.some((m) => m.db === 'postgres')) {
    const client = new pg.Client({ connectionString: options.serverUrl });
    await client.connect();
    try {
      pgServerVersion = (await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? '';
    } finally {
      await client.end();
    }
  }
  const machine = machineLine(options);
  await buildSite(options);

  const combos: ComboResult[] = [];
  for (const { db, size } of options.matrix) {
    combos.push(await runCombo(options, db, size, runDir));
  }
  const settings =
    `wrk -t${options.threads} -c${options.connections} -d${options.duration}s --timeout ${options.timeout}s ` +
    `(first views -c1, admin lists -c${options.adminConnections}), Accept-Encoding: br, gzip; seed ${options.seed}; ` +
    `app: NODE_ENV=production, JOBS=false, one process alone, ${options.instances} behind nginx` +
    Object.entries(options.appEnv)
      .map(([k, v]) => `, ${k}=${v}`)
      .join('');
  const body = {
    startedAt,
    seconds: (Date.now() - started) / 1000,
    machine,
    settings,
    note: options.note,
    combos,
  };
  // Formatted as the repository's Prettier check wants it (aligned tables read well as text too).
  const markdown = await prettier.format(render(body), {
    ...(await prettier.resolveConfig(path.join(options.outDir, 'results.md'))),
    parser: 'markdown',
  });
  await mkdir(options.outDir, { recursive: true });
  const stamp = startedAt.slice(0, 19).replace(/:/g, '-') + 'Z';
  const file = path.join(options.outDir, `${stamp}${options.label ? `-${options.label}` : ''}.md`);
  await writeFile(file, markdown);
  const report: BenchReport = { ...body, file };
  const json = JSON.stringify(report, null, 2) + '\n';
  await writeFile(file.replace(/\.md$/, '.json'), json);
  if (options.writeLatest) {
    await copyFile(file, path.join(options.outDir, 'latest.md'));
    await writeFile(path.join(options.outDir, 'latest.json'), json);
    await appendHistory(path.join(options.outDir, 'history.csv'), report, currentCommit());
  }
  if (options.json) await writeFile(options.json, json);
  options.log(`results: ${path.relative(process.cwd(), file)}`);
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.once('exit', killChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killChildren();
      process.exit(130);
    });
  }
  try {
    const report = await runBench(parseOptions(process.argv.slice(2)));
    console.info(`\n${readFileSync(report.file, 'utf8')}`);
    process.exit(report.combos.some((c) => c.error) ? 1 : 0);
  } catch (err) {
    console.error(`[bench] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  }
}
