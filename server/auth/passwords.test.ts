import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const run = promisify(execFile);

/** The encoded hash that a fresh process makes with the given environment. */
async function hashMadeWith(env: Record<string, string>): Promise<string> {
  const script = `const { hashPassword } = await import('./server/auth/passwords.ts');
    process.stdout.write(await hashPassword('Correct-horse-1'));`;
  const { PASSWORD_HASH_COST: _, ...rest } = process.env;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...rest, ...env },
  });
  return stdout;
}

describe('password hashing', () => {
  it('uses argon2id at OWASP’s floor (19 MiB, 2 passes) unless told otherwise', async () => {
    expect(await hashMadeWith({})).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashMadeWith({ PASSWORD_HASH_COST: 'standard' })).toMatch(/\$m=19456,t=2,p=1\$/);
  });

  it('is cheap only with PASSWORD_HASH_COST=test, and still argon2id', async () => {
    expect(await hashMadeWith({ PASSWORD_HASH_COST: 'test' })).toMatch(
      /^\$argon2id\$v=19\$m=8,t=1,p=1\$/,
    );
  });

  it('refuses an unknown cost at start-up', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
