import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillCompileCache, serveCommand } from './compile-cache.ts';

const repo = path.resolve(import.meta.dirname, '..');

describe('the compile cache of npm run build', () => {
  it('lets the server load, as npm run serve starts it, without stripping TypeScript', () => {
    fillCompileCache();
    const serve = serveCommand();
    expect(serve.env.NODE_COMPILE_CACHE).toBeTruthy();
    // Importing the entry loads every module of the server but starts nothing (it is no program).
    const loaded = execFileSync(
      process.execPath,
      [
        ...serve.flags,
        '--input-type=module',
        '-e',
        `await import('./server/main.ts');
         console.log(JSON.stringify(process.moduleLoadList.filter((m) => m.includes('amaro'))));
         process.exit(0);`,
      ],
      { cwd: repo, env: { ...process.env, ...serve.env }, encoding: 'utf8' },
    );
    expect(JSON.parse(loaded.trim().split('\n').at(-1) ?? 'null')).toEqual([]);
  }, 60_000);
});
