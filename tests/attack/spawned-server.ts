import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A stand-in for the built site (SITE_DIST): the real entry, server/main.ts, starts without an
 * Astro build, and every page answers 404. Enough for tests that only speak to the API.
 */
export async function stubSite(dir: string) {
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await mkdir(path.join(dir, 'client'), { recursive: true });
  await writeFile(
    path.join(dir, 'server', 'entry.mjs'),
    `export const renderPage = async () => new Response('No site in this test', { status: 404 });\n`,
  );
  return dir;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** What the process wrote so far (stdout and stderr). */
  log(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `node server/main.ts` with `env` and waits until the API answers. */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
): Promise<SpawnedServer> {
  const url = `http://127.0.0.1:${env.PORT}`;
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(repo, 'server', 'main.ts')], {
    cwd: repo,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      // A restart reuses the first start's compiled modules.
      NODE_COMPILE_CACHE: path.join(path.dirname(logFile), 'compile-cache'),
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: SpawnedServer = {
    url,
    child,
    log: () => readFileSync(logFile, 'utf8'),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/api/configuration`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await server.kill('SIGKILL');
  throw new Error(`the server did not start:\n${server.log().slice(-3000)}`);
}
