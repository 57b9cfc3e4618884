import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchReport } from './run.ts';

/**
 * A smoke of `npm run bench`: the whole pipeline (build, data set, app, static file, wrk, table) on
 * 200 listings with 1-second runs of a few scenarios, the app alone on PGlite, then behind nginx
 * (deploy/nginx.conf) on PostgreSQL. It checks that the bench works, never how fast anything is.
 */
const repo = fileURLToPath(new URL('..', import.meta.url));
const wrk = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin']
  .map((dir) => path.join(dir, 'wrk'))
  .find((file) => existsSync(file));
if (!wrk) {
  console.warn('wrk is not installed: the bench smoke test is skipped (apt-get install wrk).');
}

const scenarios = [
  'static',
  'static-ids',
  'listing-first',
  'listing-hot',
  'home-page',
  'listing-all',
  'search-pages',
  'search-default',
  'search-varied',
  'search-keywords',
  'car-api',
  'admin-users',
];

/** Behind nginx: kept pages (nginx's cache), pages no cache has, and the static twin they need. */
const nginxScenarios = [
  'static-ids',
  'listing-hot-nginx',
  'home-page-nginx',
  'listing-all-nginx',
  'search-pages-nginx',
];

/** `node bench/run.ts` on 200 listings of `db`, 1-second runs; the report it wrote. */
async function smokeRun(out: string, db: string, keys: string[], extra: string[], ms: number) {
  const json = path.join(out, `report-${db}.json`);
  const args = [
    path.join(repo, 'bench', 'run.ts'),
    '--db',
    db,
    '--sizes',
    '200',
    '--duration',
    '1',
    '--scenarios',
    keys.join(','),
    '--hot',
    '20',
    '--warmup',
    '2',
    // Ports and a site build of its own, so a full bench can run meanwhile.
    '--port',
    '4718',
    '--dist',
    path.join(repo, 'bench', '.data', 'dist-smoke'),
    '--out',
    out,
    '--no-latest',
    '--json',
    json,
    ...extra,
  ];
  const run = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: repo, maxBuffer: 16 * 1024 * 1024, timeout: ms },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  expect(run.code, run.output.slice(-4000)).toBe(0);
  return JSON.parse(await readFile(json, 'utf8')) as BenchReport;
}

describe.skipIf(!wrk)('npm run bench (smoke)', () => {
  let out = '';
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('measures every scenario end to end and writes the table', async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'spotted-bench-'));
    const report = await smokeRun(out, 'pglite', scenarios, [], 290_000);
    expect(report.combos).toHaveLength(1);
    const [combo] = report.combos;
    expect(combo!.error, combo!.error).toBeUndefined();
    expect(combo!.dataset.counts.listings).toBe(200);
    expect(combo!.scenarios.map((s) => s.key)).toEqual(scenarios);
    for (const s of combo!.scenarios) {
      expect(s.probeStatus, s.key).toBe(200);
      expect(s.requests, s.key).toBeGreaterThan(0);
      expect(s.errors.status, `${s.key}: non-2xx answers`).toBe(0);
      expect(s.failed, `${s.key}: failed requests`).toBe(0);
    }

    // A page is held to the static file asked the same way (the same wrk script), measured again
    // right before it; the other scenarios have no such twin.
    const { formatRps } = await import('./run.ts');
    for (const key of ['listing-hot', 'home-page']) {
      const page = combo!.scenarios.find((s) => s.key === key)!;
      expect(page.pairedStaticRps, key).toBeGreaterThan(0);
      expect(page.budget, key).toContain(`(${formatRps(page.pairedStaticRps! * 0.25)}/s)`);
    }
    expect(combo!.scenarios.find((s) => s.key === 'car-api')!.pairedStaticRps).toBeUndefined();

    const files = await readdir(out);
    const table = files.find((f) => f.endsWith('.md'));
    expect(table).toBeDefined();
    expect(files).not.toContain('latest.md');
    const markdown = await readFile(path.join(out, table!), 'utf8');
    expect(markdown).toContain('## PGlite, 200 listings');
    expect(markdown).toMatch(
      /\| Scenario +\| +req\/s +\| +p50 ms +\| +p95 ms +\| +p99 ms +\| +max RSS MB +\|/,
    );
    expect(markdown).toContain('RSS under load');
  }, 300_000);

  it('measures the deployment: nginx with deploy/nginx.conf before two instances', async () => {
    out ||= await mkdtemp(path.join(os.tmpdir(), 'spotted-bench-'));
    const report = await smokeRun(
      out,
      'postgres',
      nginxScenarios,
      ['--instances', '2', '--no-build'],
      320_000,
    );
    const [combo] = report.combos;
    expect(combo!.error, combo!.error).toBeUndefined();
    expect(combo!.frontServer).toContain('deploy/nginx.conf before 2 instances');
    expect(combo!.scenarios.map((s) => s.key)).toEqual(nginxScenarios);
    for (const s of combo!.scenarios) {
      expect(s.probeStatus, s.key).toBe(200);
      expect(s.requests, s.key).toBeGreaterThan(0);
      expect(s.failed, `${s.key}: failed requests`).toBe(0);
    }
    // A page kept by nginx is held to 80% of nginx serving the same page as a file.
    const { formatRps } = await import('./run.ts');
    for (const key of ['listing-hot-nginx', 'home-page-nginx']) {
      const page = combo!.scenarios.find((s) => s.key === key)!;
      expect(page.via, key).toBe('nginx');
      expect(page.budget, key).toContain(`(${formatRps(page.pairedStaticRps! * 0.8)}/s)`);
    }
    expect(combo!.scenarios.find((s) => s.key === 'listing-all-nginx')!.budget).toBe(
      '≥ 300/s, p99 ≤ 100 ms',
    );
  }, 330_000);
});

describe('the app under the bench', () => {
  it('runs with the settings and Node flags of npm run serve, as production does', async () => {
    const { serveCommand } = await import('../server/compile-cache.ts');
    expect(serveCommand()).toEqual({
      env: {
        NODE_ENV: 'production',
        NODE_COMPILE_CACHE: 'node_modules/.cache/spotted-compile',
      },
      flags: [
        '--max-semi-space-size=16',
        '--initial-old-space-size=128',
        '--max-old-space-size=320',
      ],
    });
  });
});
