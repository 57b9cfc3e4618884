import { describe, expect, it } from 'vitest';
import { readyLine, talksAtStart } from './start-up.ts';

describe('the start-up as a person sees it', () => {
  it('talks at a terminal and writes JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(talksAtStart({ LOG_FORMAT: undefined }, true)).toBe(true);
    expect(talksAtStart({ LOG_FORMAT: undefined }, false)).toBe(false);
    expect(talksAtStart({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(talksAtStart({ LOG_FORMAT: 'text' }, false)).toBe(true);
  });

  it('names the site, the back-office and where the password is, never the password', () => {
    expect(
      readyLine('http://localhost:4321', {
        email: 'admin@spotted.mt',
        source: 'data/admin-credentials.json',
      }),
    ).toBe(
      'Spotted is running at http://localhost:4321 · back-office at http://localhost:4321/admin ' +
        '(log in as admin@spotted.mt with the password in data/admin-credentials.json) · Ctrl-C stops it',
    );
    expect(
      readyLine('https://spotted.mt', {
        email: 'ops@spotted.mt',
        source: 'ADMIN_EMAIL and ADMIN_PASSWORD',
      }),
    ).toContain('log in as ops@spotted.mt with the password of ADMIN_PASSWORD');
  });
});
