import type { Db } from '../db/client.ts';
import { listingChanges } from '../db/schema/index.ts';

/**
 * Notes, in the transaction that does it, that a listing went live or changed while live, for
 * the saved-search alerts (a car an edit makes match is new to that search).
 */
export async function recordListingChange(tx: Db, listingId: number): Promise<void> {
  await tx.insert(listingChanges).values({ listingId });
}
