import { eq } from 'drizzle-orm';
import { appealTexts } from '#shared/schemas/appeal.ts';
import { listingTypeIds } from '#shared/promotion.ts';
import type { Db } from '../db/client.ts';
import type { appeals } from '../db/schema/index.ts';
import { listings, listingTypes, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { conflict } from '../http/errors.ts';
import {
  applyEdit,
  dismissOpenReports,
  lockListing,
  publishRequest,
  relist,
} from '../listings/moderation.service.ts';
import { reserve } from '../promotion/promotion.ts';

type Appeal = typeof appeals.$inferSelect;

const changed = () => conflict(appealTexts.changedSince);

/**
 * A denied new listing goes live. Its paid type's price was given back at the denial, so it is
 * reserved and spent again when the balance still covers it; otherwise the listing goes live as
 * Standard and its owner may promote it.
 */
async function publishDenied(tx: Db, listingId: number) {
  const row = await lockListing(tx, listingId);
  if (row.state !== 'DENIED') throw changed();
  const [type] = await tx
    .select({ price: listingTypes.price })
    .from(listingTypes)
    .where(eq(listingTypes.id, row.listingTypeId));
  const [owner] = await tx
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, row.userId))
    .for('update');
  let listing = row;
  if (type && type.price > 0 && (owner?.balance ?? 0) >= type.price) {
    await reserve(tx, row.userId, row.id, row.listingTypeId);
  } else if (type && type.price > 0) {
    listing = { ...row, listingTypeId: listingTypeIds.standard };
    await tx
      .update(listings)
      .set({ listingTypeId: listingTypeIds.standard })
      .where(eq(listings.id, row.id));
  }
  await publishRequest(tx, listing);
}

/** Undoes the appealed decision inside the appeal's transaction; 409 when the listing moved on. */
export async function reverseDecision(deps: Deps, tx: Db, appeal: Appeal) {
  switch (appeal.decision) {
    case 'denied':
      return publishDenied(tx, appeal.listingId);
    case 'edit-denied': {
      if (appeal.editId === null) throw changed();
      const [edit] = await tx
        .select()
        .from(listings)
        .where(eq(listings.id, appeal.editId))
        .for('update');
      if (!edit || edit.state !== 'DENIED') throw changed();
      await applyEdit(deps, tx, edit);
      return;
    }
    case 'suspended': {
      const row = await lockListing(tx, appeal.listingId);
      if (row.state !== 'SUSPENDED') throw changed();
      await relist(tx, row);
      return;
    }
    case 'hidden': {
      const row = await lockListing(tx, appeal.listingId);
      if (row.state !== 'ACTIVE' || !row.hiddenAt) throw changed();
      await dismissOpenReports(tx, row);
      return;
    }
  }
}
