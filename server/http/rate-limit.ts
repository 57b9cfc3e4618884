import { isIPv6 } from 'node:net';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { tooManyRequests } from './errors.ts';
import type { AppEnv } from './env.ts';

/** At most `max` in a fixed window of `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 3600;

/**
 * Every limit of the API, in one place (docs/security.md lists them). Failures are
 * counted per account and address together, so an attacker's guesses slow the attacker down and
 * never lock the owner out from another address; per address alone only at a level no person
 * reaches by hand.
 */
export const limits = {
  loginFailuresPerAccountAndAddress: { max: 10, windowSeconds: 15 * MINUTE },
  loginFailuresPerAddress: { max: 100, windowSeconds: 15 * MINUTE },
  /**
   * Wrong second-factor codes count as wrong passwords do, per account and address and per
   * address; a guesser at that step knows the password, so all addresses together also count.
   */
  twoFactorFailuresPerAccountAndAddress: { max: 10, windowSeconds: 15 * MINUTE },
  twoFactorFailuresPerAddress: { max: 100, windowSeconds: 15 * MINUTE },
  twoFactorFailuresPerAccount: { max: 30, windowSeconds: 15 * MINUTE },
  /** The default of REGISTRATIONS_PER_HOUR. */
  registrationsPerAddress: { max: 5, windowSeconds: HOUR },
  resetRequestsPerAccount: { max: 5, windowSeconds: HOUR },
  resetRequestsPerAddress: { max: 30, windowSeconds: HOUR },
  resetCodesPerAddress: { max: 50, windowSeconds: HOUR },
  confirmationLinksPerAccount: { max: 5, windowSeconds: HOUR },
  confirmationLinksPerAddress: { max: 30, windowSeconds: HOUR },
  voucherFailuresPerAccount: { max: 10, windowSeconds: HOUR },
  voucherFailuresPerAddress: { max: 30, windowSeconds: HOUR },
  reportsPerAccount: { max: 10, windowSeconds: HOUR },
  reportsPerAddress: { max: 10, windowSeconds: HOUR },
  contactPerAddress: { max: 10, windowSeconds: HOUR },
  /** The defaults of CONVERSATIONS_PER_HOUR and MESSAGES_PER_HOUR. */
  conversationsPerAccount: { max: 20, windowSeconds: HOUR },
  messagesPerAccount: { max: 200, windowSeconds: HOUR },
  /** Each copy of one's data reads every row and photo of the account. */
  dataExportsPerAccount: { max: 3, windowSeconds: 24 * HOUR },
  /** Each dealer API key's requests, whatever they are. */
  dealerApiPerKey: { max: 300, windowSeconds: MINUTE },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof limits;

/** One counter: a limit applied to one key (an account, an address, or both). */
export interface Bucket extends Limit {
  key: string;
}

/** The bucket of limit `name` for `parts` (e.g. an e-mail and an address). */
export const bucket = (name: LimitName, ...parts: (string | number)[]): Bucket => ({
  key: `${name}:${parts.join('|')}`,
  ...limits[name],
});

/**
 * Counts one hit for `key` in a fixed window, in the database so every instance shares it.
 * Returns the count in the current window and when that window started.
 */
async function hit(db: Db, { key, windowSeconds }: Bucket) {
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    // The window's start as PostgreSQL writes it: a Date would lose its microseconds.
    .returning({
      count: rateLimits.count,
      windowStart: sql<string>`${rateLimits.windowStart}::text`,
    });
  if (!row) throw new Error('rate_limits upsert returned nothing');
  return row;
}

/** Takes one hit back, unless its window has already been replaced by a new one. */
async function unhit(db: Db, key: string, windowStart: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, key),
        sql`${rateLimits.windowStart} = ${windowStart}::timestamptz`,
        gt(rateLimits.count, 0),
      ),
    );
}

/**
 * Counts one attempt in every bucket, before the attempt runs (so parallel requests cannot slip
 * past a limit). When any bucket is past its limit, the attempt is taken back out of all of them
 * and refused with 429. Otherwise the returned `undo` takes it back later: an attempt that
 * succeeded and should not count (limits on failures).
 */
export async function throttle(
  db: Db,
  buckets: Bucket[],
  message?: string,
): Promise<{ undo: () => Promise<void> }> {
  const counted: { key: string; windowStart: string }[] = [];
  const undo = async () => {
    for (const { key, windowStart } of counted) await unhit(db, key, windowStart);
  };
  for (const b of buckets) {
    const { count, windowStart } = await hit(db, b);
    counted.push({ key: b.key, windowStart });
    if (count > b.max) {
      await undo();
      throw tooManyRequests(message);
    }
  }
  return { undo };
}

const LONGEST_WINDOW = Math.max(...Object.values(limits).map((l) => l.windowSeconds));

/** Each limit's window by name, as a VALUES list (a counter's key starts with its limit's name). */
const windows = sql.join(
  Object.entries(limits).map(([name, l]) => sql`(${name}::text, ${l.windowSeconds}::int)`),
  sql`, `,
);

/**
 * Deletes the counters whose own window has passed (every key ever seen would otherwise stay); a
 * key of no known limit waits for the longest window.
 */
export async function dropExpiredCounters(db: Db): Promise<number> {
  const window = sql`coalesce((select w.secs from (values ${windows}) as w(name, secs)
    where w.name = split_part(${rateLimits.key}, ':', 1)), ${LONGEST_WINDOW}::int)`;
  const gone = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${window})`)
    .returning({ key: rateLimits.key });
  return gone.length;
}

/** Empties a bucket (a correct password clears the failures of that account from that address). */
export async function forget(db: Db, { key }: Bucket) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * The client's address, as the per-address limits and view counts know it. The socket's, or
 * behind a trusted proxy (TRUST_PROXY) the last X-Forwarded-For entry: the one that proxy added
 * (any entry before it is whatever the client chose to send). IPv4 inside IPv6 is written as
 * IPv4; an IPv6 address counts by its /64, the block one subscriber gets.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return normalizeAddress(forwarded);
  }
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** `::ffff:1.2.3.4` as `1.2.3.4`; an IPv6 address as its /64 network (`2001:db8:1:2::/64`). */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
