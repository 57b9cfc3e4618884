import { useSyncExternalStore } from 'react';

/**
 * Decisions an administrator may still undo (approve, suspend): their items leave the queues at
 * once, though the server hears of them only when the Undo notification closes. Keyed
 * `resource:id`, as the queues list them.
 */
let held: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function change(next: ReadonlySet<string>) {
  held = next;
  for (const listener of listeners) listener();
}

export const decisionKey = (resource: string, id: number | string) => `${resource}:${id}`;

/** Hides `key`'s item from its queue until `releaseDecision`. */
export const holdDecision = (key: string) => change(new Set([...held, key]));

export const releaseDecision = (key: string) => change(new Set([...held].filter((k) => k !== key)));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The keys of the decisions still waiting on their Undo notification. */
export const usePendingDecisions = () => useSyncExternalStore(subscribe, () => held);
