import type { Deps } from '../deps.ts';

/** Writes every counter this instance holds (the flush timer's work, and tests' flush). */
export async function flushCounters(deps: Pick<Deps, 'views' | 'tallies'>) {
  await Promise.all([deps.views.flush(), deps.tallies.flush()]);
}
