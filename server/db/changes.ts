import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The channel the database triggers announce changes on (migration 0004). */
export const CHANGES_CHANNEL = 'spotted_changes';

/**
 * A change that what is kept in memory may depend on: `listing:<id>`, `seller:<id>`,
 * `reference`, `ads`, a card's `card:<id>` and the landing sets' `cars`, `cars:make:<id>`,
 * `cars:model:<id>`, `cars:town:<id>`, `cars:make-town:<make>:<town>` (migration
 * 0031_landing_sets), or `*` when anything may have changed (notices were missed).
 */
export type ChangeTag = string;

export interface Changes {
  /** Calls `listener` with every change from now on; returns the way to stop. */
  subscribe(listener: (tag: ChangeTag) => void): () => void;
  /** Tells this instance's listeners at once, before the database's notice arrives. */
  announce(tag: ChangeTag): void;
  /**
   * Resolves once every change committed before the call has reached this instance: notices
   * arrive in commit order, so this sends one more and waits for it (milliseconds).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const SETTLE_TIMEOUT_MS = 2000;
let settleCount = 0;

/** Changes as every instance sees them: the database's notices on commit, from any instance. */
export async function watchChanges(database: Pick<Database, 'listen' | 'db'>): Promise<Changes> {
  const listeners = new Set<(tag: ChangeTag) => void>();
  const waiting = new Map<string, () => void>();
  const announce = (tag: ChangeTag) => {
    if (tag.startsWith('settle:')) return waiting.get(tag)?.();
    for (const listener of listeners) listener(tag);
  };
  const stop = await database.listen(CHANGES_CHANNEL, announce);
  return {
    async settle() {
      const token = `settle:${process.pid}:${++settleCount}`;
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
        waiting.set(token, () => (clearTimeout(timer), resolve()));
      });
      await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${token})`);
      await arrived;
      waiting.delete(token);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce,
    close: stop,
  };
}
