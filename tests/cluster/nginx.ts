import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's nginx, wherever PATH or /usr/sbin has it. */
export function nginxBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

/** Where deploy/nginx.conf keeps its page cache. */
const DEPLOYED_CACHE = /(proxy_cache_path\s+)\S+/;

/**
 * deploy/nginx.conf, the deployment's configuration, with the instances' ports, the listening
 * address and the cache folder replaced: the file itself is what the cluster test runs.
 */
export async function siteConfig(
  instancePorts: [number, number],
  listenPort: number,
  cacheDir: string,
  down?: 0 | 1,
) {
  const text = await readFile(path.join(repo, 'deploy', 'nginx.conf'), 'utf8');
  const server = (i: 0 | 1) => `127.0.0.1:${instancePorts[i]}${i === down ? ' down' : ''}`;
  const replaced = text
    .replace('127.0.0.1:4321', server(0))
    .replace('127.0.0.1:4322', server(1))
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(DEPLOYED_CACHE, `$1${cacheDir}`);
  if (
    replaced === text ||
    !replaced.includes(`:${instancePorts[1]}`) ||
    !replaced.includes(cacheDir)
  ) {
    throw new Error(
      'deploy/nginx.conf no longer has the ports or the cache folder the cluster test replaces',
    );
  }
  return replaced;
}

export interface Nginx {
  url: string;
  /**
   * Marks instance `down` (or none) and reloads, as the rolling restart of docs/operations.md does; resolves
   * once the new workers took over (the old ones finish their requests meanwhile).
   */
  reload(down?: 0 | 1): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs nginx as this user with deploy/nginx.conf inside a minimal main configuration (what
 * Debian's /etc/nginx/nginx.conf gives it: an http block, writable temporary folders).
 */
export async function startNginx(
  dir: string,
  instancePorts: [number, number],
  listenPort: number,
): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is missing: apt-get install nginx (.ci/run does it)');
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  const cacheDir = path.join(dir, 'cache');
  await writeFile(
    path.join(dir, 'spotted.conf'),
    await siteConfig(instancePorts, listenPort, cacheDir),
  );
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/spotted.conf;
}
`,
  );
  const child: ChildProcess = spawn(
    binary,
    ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    try {
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      return {
        url,
        async reload(down) {
          await writeFile(
            path.join(dir, 'spotted.conf'),
            await siteConfig(instancePorts, listenPort, cacheDir, down),
          );
          // The master starts the new workers, then tells each old one to shut down gracefully.
          const log = path.join(dir, 'error.log');
          const shutDowns = async () =>
            (await readFile(log, 'utf8')).split('gracefully shutting down').length;
          const before = await shutDowns();
          child.kill('SIGHUP');
          for (let i = 0; i < 100 && (await shutDowns()) === before; i++) await sleep(50);
          if ((await shutDowns()) === before) throw new Error('nginx did not reload');
        },
        async stop() {
          child.kill('SIGQUIT');
          await exited;
        },
      };
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start: ${stderr}`);
}
