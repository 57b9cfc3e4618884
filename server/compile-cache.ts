/**
 * Node's compile cache for the server (`npm run build` ends here). `npm run serve` sets
 * NODE_COMPILE_CACHE, and this loads every module of the server once, without starting it, with the
 * serve script's settings and Node flags (V8 keeps a cache per set of flags), so the server starts
 * from the cache: its TypeScript is not stripped again, and Node's stripper (amaro: its source and
 * its WebAssembly, about 20 MB of the process's memory for its whole life) is never loaded. A file
 * changed since is compiled again (the cache checks each file's hash): a stale cache costs time,
 * never correctness.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * How `npm run serve` (package.json) starts the app: its environment settings (`NAME=value` before
 * `node`, such as NODE_ENV) and Node's flags. The bench runs the app as production
 * does.
 */
export function serveCommand(): { env: Record<string, string>; flags: string[] } {
  const scripts = (
    JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const command = /^((?:[A-Z_]+=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+server\/main\.ts/.exec(
    scripts.serve ?? '',
  );
  if (!command) throw new Error('package.json: the serve script does not run node server/main.ts');
  const words = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(
    words(command[1]).map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
  );
  return { env, flags: words(command[2]) };
}

/** Fills the compile cache the serve script names (nothing when it names none). */
export function fillCompileCache() {
  const serve = serveCommand();
  if (!serve.env.NODE_COMPILE_CACHE) return;
  const result = spawnSync(process.execPath, [...serve.flags, import.meta.filename, '--load'], {
    cwd: repo,
    env: { ...process.env, ...serve.env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `the compile cache was not filled:\n${(result.stdout + result.stderr).slice(-3000)}`,
    );
  }
}

if (import.meta.main) {
  if (process.argv.includes('--load')) {
    await import('./main.ts');
    module.flushCompileCache();
    // Modules may have started timers (metrics): nothing else is to run.
    process.exit(0);
  }
  fillCompileCache();
}
