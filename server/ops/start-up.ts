import type { Config } from '../config.ts';

/**
 * Whether the start-up is told in plain sentences rather than JSON lines: `LOG_FORMAT` when set,
 * otherwise whether stdout is a terminal (a person watching `npm start`, not journald).
 */
export function talksAtStart(config: Pick<Config, 'LOG_FORMAT'>, isTerminal: boolean): boolean {
  return config.LOG_FORMAT ? config.LOG_FORMAT === 'text' : isTerminal;
}

/** The line a person needs once the server answers: where the site and the back-office are. */
export function readyLine(url: string, admin: { email: string; source: string }): string {
  const password =
    admin.source === 'ADMIN_EMAIL and ADMIN_PASSWORD'
      ? 'the password of ADMIN_PASSWORD'
      : `the password in ${admin.source}`;
  return `Spotted is running at ${url} · back-office at ${url}/admin (log in as ${admin.email} with ${password}) · Ctrl-C stops it`;
}
