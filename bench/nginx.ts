/**
 * The bench's nginx servers: the static file every page is held to, and the front of the
 * deployment (deploy/nginx.conf with its page cache) before several app instances.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { stopProcess, track, waitFor, which } from './processes.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));

export interface Running {
  /** What serves, for the report (e.g. nginx's version and workers). */
  name: string;
  stop: () => Promise<void>;
}

/**
 * The main configuration Debian's nginx.conf gives a site (an http block, writable temporary
 * folders), running as this user from `dir`: one worker, no access log.
 */
function mainConfig(dir: string, http: string) {
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${http}
}
`;
}

/** Runs nginx on `dir`/nginx.conf until stopped; throws when it does not answer `readyUrl`. */
async function runNginx(
  nginx: string,
  dir: string,
  readyUrl: string,
): Promise<() => Promise<void>> {
  const child = track(
    spawn(
      nginx,
      ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    ),
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const stop = () => stopProcess(child, 'SIGTERM', 5000);
  if (await waitFor(readyUrl, 10_000)) return stop;
  await stop();
  const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  throw new Error(`nginx did not start: ${(stderr + log).trim().slice(-2000)}`);
}

function nginxVersion(nginx: string) {
  return spawnSync(nginx, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
}

async function freshDir(dir: string) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
}

/** Serves the saved listing page with nginx (or, without nginx, a small Node server). */
export async function startStatic(
  dir: string,
  port: number,
  html: string,
  server: 'nginx' | 'node',
  log: (line: string) => void,
): Promise<Running> {
  await freshDir(dir);
  await mkdir(path.join(dir, 'root'), { recursive: true });
  const gz = gzipSync(html, { level: 9 });
  await writeFile(path.join(dir, 'root', 'listing.html'), html);
  await writeFile(path.join(dir, 'root', 'listing.html.gz'), gz);
  const nginx = server === 'nginx' ? which('nginx') : null;
  if (nginx) {
    const site = `  default_type text/html;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
    location /car/ { try_files /listing.html =404; }
  }`;
    await writeFile(path.join(dir, 'nginx.conf'), mainConfig(dir, site));
    try {
      const stop = await runNginx(nginx, dir, `http://127.0.0.1:${port}/listing.html`);
      return { name: `nginx (${nginxVersion(nginx)}, 1 worker, gzip_static)`, stop };
    } catch (err) {
      log(`${err instanceof Error ? err.message : String(err)}; using the Node static server`);
    }
  }
  const node: Server = createServer((req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gz : html);
  });
  await new Promise<void>((resolve, reject) => {
    node.once('error', reject);
    node.listen(port, '127.0.0.1', resolve);
  });
  return {
    name: `Node ${process.version} http server from memory${server === 'nginx' ? ' (nginx not found)' : ''}`,
    stop: () => new Promise((resolve) => node.close(() => resolve())),
  };
}

const UPSTREAM_SERVER = /^([ \t]*)server 127\.0\.0\.1:\d+([^;\n]*);\n/gm;
const CACHE_PATH = /(proxy_cache_path\s+)\S+/;

/**
 * deploy/nginx.conf as deployed, with one upstream line per instance port (each with the
 * parameters the file gives its first), the listening address and the cache folder replaced.
 */
export async function frontConfig(
  instancePorts: readonly number[],
  port: number,
  cacheDir: string,
) {
  const text = await readFile(path.join(repo, 'deploy', 'nginx.conf'), 'utf8');
  const first = [...text.matchAll(UPSTREAM_SERVER)][0];
  if (!first || !CACHE_PATH.test(text) || !/listen 80;/.test(text))
    throw new Error(
      'deploy/nginx.conf no longer has the upstream, cache or listen lines the bench replaces',
    );
  const [, indent, parameters] = first;
  const servers = instancePorts
    .map((p) => `${indent}server 127.0.0.1:${p}${parameters};\n`)
    .join('');
  let placed = false;
  return text
    .replace(UPSTREAM_SERVER, () => (placed ? '' : ((placed = true), servers)))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(CACHE_PATH, `$1${cacheDir}`);
}

/** nginx configured by deploy/nginx.conf in front of the app instances on `instancePorts`. */
export async function startFront(
  dir: string,
  port: number,
  instancePorts: readonly number[],
): Promise<Running & { url: string }> {
  const nginx = which('nginx');
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  await freshDir(dir);
  await writeFile(
    path.join(dir, 'spotted.conf'),
    await frontConfig(instancePorts, port, path.join(dir, 'cache')),
  );
  await writeFile(path.join(dir, 'nginx.conf'), mainConfig(dir, `  include ${dir}/spotted.conf;`));
  const url = `http://127.0.0.1:${port}`;
  const stop = await runNginx(nginx, dir, `${url}/healthz`);
  return {
    url,
    name: `nginx (${nginxVersion(nginx)}, 1 worker) with deploy/nginx.conf before ${instancePorts.length} instances`,
    stop,
  };
}
