import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy.ts';

const BEFORE_PAINT = new URL('../scripts/before-paint/', import.meta.url);

describe("the pages' Content-Security-Policy", () => {
  it('allows every before-paint script by the hash of its text', async () => {
    const names = (await readdir(BEFORE_PAINT)).filter((name) => name.endsWith('.js'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const text = await readFile(new URL(name, BEFORE_PAINT));
      const hash = `sha256-${createHash('sha256').update(text).digest('base64')}`;
      expect(contentSecurityPolicy.scriptDirective.hashes).toContain(hash);
    }
  });

  it('runs scripts only from the origin or by hash, and cannot be framed', () => {
    expect(contentSecurityPolicy.scriptDirective).not.toHaveProperty('resources');
    expect(contentSecurityPolicy.directives).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy.directives).toContain("object-src 'none'");
    expect(contentSecurityPolicy.directives.join(';')).not.toMatch(/unsafe-eval|script-src/);
  });
});
