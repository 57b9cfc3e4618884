import type { Database } from './client.ts';

/** The channel the database triggers announce changes on (migration 0004). */
export const CHANGES_CHANNEL = 'spotted_changes';

/**
 * A change that what is kept in memory may depend on: `listing:<id>`, `seller:<id>`,
 * `reference`, `ads`, or `*` when anything may have changed (notices were missed).
 */
export type ChangeTag = string;

export interface Changes {
  /** Calls `listener` with every change from now on; returns the way to stop. */
  subscribe(listener: (tag: ChangeTag) => void): () => void;
  /** Tells this instance's listeners at once, before the database's notice arrives. */
  announce(tag: ChangeTag): void;
  close(): Promise<void>;
}

/** Changes as every instance sees them: the database's notices on commit, from any instance. */
export async function watchChanges(database: Pick<Database, 'listen'>): Promise<Changes> {
  const listeners = new Set<(tag: ChangeTag) => void>();
  const announce = (tag: ChangeTag) => {
    for (const listener of listeners) listener(tag);
  };
  const stop = await database.listen(CHANGES_CHANNEL, announce);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce,
    close: stop,
  };
}
