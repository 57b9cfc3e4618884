import { max, min } from 'drizzle-orm';
import { listingChanges, savedSearches } from '../../server/db/schema/index.ts';
import { runAlerts } from '../../server/saved-searches/alerts.ts';
import type { TestContext } from './context.ts';

/**
 * Runs the alert job until every saved search is checked past the last listing change. On
 * PostgreSQL a write transaction of another test file (same server) may hold the snapshot's xmin
 * back for a moment: the job then leaves that change to its next run, as in production.
 */
export async function alertsCaughtUp(ctx: TestContext) {
  for (let i = 0; i < 200; i++) {
    await runAlerts(ctx.deps);
    const [head] = await ctx.db.select({ xid: max(listingChanges.xid) }).from(listingChanges);
    const [low] = await ctx.db.select({ xid: min(savedSearches.checkedXid) }).from(savedSearches);
    if (!head?.xid || !low?.xid || Number(low.xid) > Number(head.xid)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the alert job did not catch up');
}
