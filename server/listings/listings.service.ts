import { countSiteDay } from '../insights/retention.ts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import { type editDetailsSchema, type ListingState } from '#shared/schemas/listing-display.ts';
import { listingFieldEntries } from '#shared/schemas/listing-fields.ts';
import { type ListingPayload } from '#shared/schemas/listing-payload.ts';
import type { z } from '#shared/schemas/zod.ts';
import type { Db } from '../db/client.ts';
import {
  listingEquipment,
  listingImages,
  listingRecords,
  listings,
  listingSafety,
} from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { hasOpenReservation, release, reserve } from '../promotion/promotion.ts';
import { withFiles } from '../storage/storage.ts';
import {
  deletePhotos,
  photoAsBase64,
  preparePhotos,
  type ExistingPhoto,
  type StoredPhoto,
} from './photos.ts';
import { asColumn, checkListing, toMonth, type ListingValues } from './listing-rules.ts';
import { describeListing, LISTING_NOT_FOUND } from './details.ts';
import { flagListing } from '../trust/flags.ts';

const REQUEST_STATES: ListingState[] = ['PENDING', 'DENIED'];

type EditDetails = z.infer<typeof editDetailsSchema>;

async function findListing(db: Db, id: number) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}

function assertOwner(row: { userId: number }, caller: Caller) {
  if (row.userId !== caller.id) throw forbidden('This is not your listing');
}

/** Writes the listing's photos, safety and equipment rows (replacing what it had). */
async function writeChildren(
  tx: Db,
  listingId: number,
  values: ListingValues,
  photos: StoredPhoto[],
) {
  await tx.delete(listingImages).where(eq(listingImages.listingId, listingId));
  await tx.delete(listingSafety).where(eq(listingSafety.listingId, listingId));
  await tx.delete(listingEquipment).where(eq(listingEquipment.listingId, listingId));
  await tx.insert(listingImages).values(photos.map((p) => ({ listingId, ...p })));
  if (values.safety.length) {
    await tx.insert(listingSafety).values(values.safety.map((itemId) => ({ listingId, itemId })));
  }
  if (values.equipment.length) {
    await tx
      .insert(listingEquipment)
      .values(values.equipment.map((itemId) => ({ listingId, itemId })));
  }
}

const columns = ({ safety: _s, equipment: _e, ...rest }: ListingValues) => rest;

/** Photo files that no listing uses any more are removed from storage (after the commit). */
export async function dropUnusedPhotos(deps: Deps, keys: string[]) {
  if (!keys.length) return;
  const used = await deps.db
    .select({ key: listingImages.key })
    .from(listingImages)
    .where(inArray(listingImages.key, keys));
  const inUse = new Set(used.map((u) => u.key));
  await deletePhotos(
    deps.storage,
    keys.filter((k) => !inUse.has(k)),
  );
}

export async function photoKeys(db: Db, listingIds: number[]) {
  if (!listingIds.length) return [];
  return db
    .select({
      id: listingImages.id,
      key: listingImages.key,
      cardWidths: listingImages.cardWidths,
      largeWidth: listingImages.largeWidth,
      largeHeight: listingImages.largeHeight,
      phash: listingImages.phash,
    })
    .from(listingImages)
    .where(inArray(listingImages.listingId, listingIds));
}

/**
 * Makes every photo first (a bad one refuses the submission before anything is written), stores
 * the new files, then runs `write`; the files are removed again when `write` fails.
 */
async function withPhotos<T>(
  deps: Deps,
  input: ListingPayload,
  existing: ExistingPhoto[],
  write: (photos: StoredPhoto[]) => Promise<T>,
): Promise<T> {
  const { photos, files } = await preparePhotos(deps.storage, input.images, existing);
  return withFiles(deps.storage, files, () => write(photos));
}

/**
 * Work another part does in a listing write's own transaction, with the listing's id (a dealer
 * feed records which car of its stock the listing is), so both happen or neither does.
 */
export type ListingLink = (tx: Db, listingId: number) => Promise<void>;

/** POST cars/add: a new listing request (PENDING); a paid type reserves its price. */
export async function createListing(
  deps: Deps,
  caller: Caller,
  input: ListingPayload,
  link?: ListingLink,
) {
  const values = checkListing(await deps.referenceCache.get(), input, 'add');
  const listingTypeId = input.adTypeId as number;
  return withPhotos(deps, input, [], (photos) =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(listings)
        .values({ ...columns(values), userId: caller.id, state: 'PENDING', listingTypeId })
        .returning({ id: listings.id });
      if (!row) throw new Error('listing insert returned nothing');
      await writeChildren(tx, row.id, values, photos);
      await flagListing(tx, row.id);
      await reserve(tx, caller.id, row.id, listingTypeId);
      await link?.(tx, row.id);
      return { id: row.id };
    }),
  );
}

/**
 * POST cars/edit: an edit of a live (or suspended) listing becomes an edit request; the listing
 * itself stays as it is until an admin approves. A second edit replaces the pending one.
 */
export async function editLiveListing(
  deps: Deps,
  caller: Caller,
  input: ListingPayload & { originalId: number },
  link?: ListingLink,
) {
  const original = await findListing(deps.db, input.originalId);
  assertOwner(original, caller);
  if (original.originalId !== null || !['ACTIVE', 'SUSPENDED'].includes(original.state)) {
    throw badRequest('Only a live listing can be edited this way');
  }
  const values = checkListing(await deps.referenceCache.get(), input, 'edit');
  const [pending] = await deps.db
    .select()
    .from(listings)
    .where(eq(listings.originalId, original.id));
  const before = await photoKeys(deps.db, pending ? [original.id, pending.id] : [original.id]);
  const id = await withPhotos(deps, input, before, (photos) =>
    deps.db.transaction(async (tx) => {
      const fields = {
        ...columns(values),
        state: 'PENDING' as const,
        deniedMessage: null,
        updatedAt: new Date(),
      };
      let editId = pending?.id;
      if (editId) {
        await tx.update(listings).set(fields).where(eq(listings.id, editId));
      } else {
        const [row] = await tx
          .insert(listings)
          .values({
            ...fields,
            userId: caller.id,
            originalId: original.id,
            listingTypeId: original.listingTypeId,
          })
          .returning({ id: listings.id });
        editId = row?.id;
      }
      if (!editId) throw new Error('edit insert returned nothing');
      await writeChildren(tx, editId, values, photos);
      await flagListing(tx, editId);
      await link?.(tx, original.id);
      return editId;
    }),
  );
  await dropUnusedPhotos(
    deps,
    before.map((p) => p.key),
  );
  return { id };
}

/**
 * Locks a request's row and reads its state again inside the caller's transaction, before any
 * money moves: an approval or denial running at the same time (they lock the row first too)
 * either came first and is seen here, or waits until this transaction ends.
 */
async function lockRequest(tx: Db, id: number, notARequest: string) {
  const [row] = await tx
    .select({ state: listings.state })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  if (!row) throw notFound(LISTING_NOT_FOUND);
  if (!REQUEST_STATES.includes(row.state)) throw badRequest(notARequest);
}

const NOT_A_REQUEST = 'Only a pending or denied listing can be edited this way';

/** POST cars/request/edit: a PENDING or DENIED request is edited in place and goes back to PENDING. */
export async function editRequest(
  deps: Deps,
  caller: Caller,
  input: ListingPayload & { id: number },
  link?: ListingLink,
) {
  const row = await findListing(deps.db, input.id);
  assertOwner(row, caller);
  if (!REQUEST_STATES.includes(row.state)) throw badRequest(NOT_A_REQUEST);
  const values = checkListing(await deps.referenceCache.get(), input, 'edit');
  const before = await photoKeys(deps.db, [row.id]);
  await withPhotos(deps, input, before, (photos) =>
    deps.db.transaction(async (tx) => {
      await lockRequest(tx, row.id, NOT_A_REQUEST);
      await tx
        .update(listings)
        .set({ ...columns(values), state: 'PENDING', deniedMessage: null, updatedAt: new Date() })
        .where(eq(listings.id, row.id));
      await writeChildren(tx, row.id, values, photos);
      await flagListing(tx, row.id);
      // A denied paid listing gave its credits back; asking for review again reserves them again.
      if (row.originalId === null && !(await hasOpenReservation(tx, row.id))) {
        await reserve(tx, caller.id, row.id, row.listingTypeId);
      }
      await link?.(tx, row.id);
    }),
  );
  await dropUnusedPhotos(
    deps,
    before.map((p) => p.key),
  );
  return { id: row.id };
}

/**
 * DELETE car/remove/{id}: the owner takes a live listing down for good (with any pending edit);
 * `sold` marks its record as sold through Spotted (the history trigger marks it withdrawn else).
 */
export async function removeListing(deps: Deps, caller: Caller, id: number, sold = false) {
  const row = await findListing(deps.db, id);
  assertOwner(row, caller);
  if (row.originalId !== null || REQUEST_STATES.includes(row.state)) {
    throw badRequest('This is a listing request: remove it with car/request/remove');
  }
  const edits = await deps.db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.originalId, id));
  const keys = await photoKeys(deps.db, [id, ...edits.map((e) => e.id)]);
  await deps.db.transaction(async (tx) => {
    if (sold) {
      await tx
        .update(listingRecords)
        .set({ outcome: 'SOLD' })
        .where(eq(listingRecords.listingId, id));
    }
    await tx.delete(listings).where(eq(listings.originalId, id));
    // A removal of the same listing at the same time came first: this one removes nothing.
    const removed = await tx
      .delete(listings)
      .where(eq(listings.id, id))
      .returning({ id: listings.id });
    if (!removed.length) throw notFound(LISTING_NOT_FOUND);
    await countSiteDay(tx, 'removedListings');
  });
  await dropUnusedPhotos(
    deps,
    keys.map((k) => k.key),
  );
}

const LIVE_NOT_REQUEST = 'This listing is live: remove it with car/remove';

/** DELETE car/request/remove/{id}: the owner withdraws a request; reserved credits come back. */
export async function removeRequest(deps: Deps, caller: Caller, id: number) {
  const row = await findListing(deps.db, id);
  assertOwner(row, caller);
  if (!REQUEST_STATES.includes(row.state)) throw badRequest(LIVE_NOT_REQUEST);
  const keys = await photoKeys(deps.db, [id]);
  await deps.db.transaction(async (tx) => {
    await lockRequest(tx, id, LIVE_NOT_REQUEST);
    await release(tx, id);
    await tx.delete(listings).where(eq(listings.id, id));
  });
  await dropUnusedPhotos(
    deps,
    keys.map((k) => k.key),
  );
}

/** GET car/requests/{id}: any listing row for its owner or an admin (the review screens). */
export async function requestDetails(deps: Deps, caller: Caller, id: number) {
  const row = await findListing(deps.db, id);
  if (row.userId !== caller.id && caller.roleId !== roles.admin)
    throw forbidden('This is not your listing');
  return describeListing(deps, row, caller.id);
}

/**
 * The form's raw view of a listing. For a live listing with a pending edit, the edit is what the
 * owner continues from.
 */
export async function editDetails(
  deps: Deps,
  caller: Caller,
  id: number,
  kind: 'live' | 'request',
) {
  let row = await findListing(deps.db, id);
  if (row.userId !== caller.id && caller.roleId !== roles.admin)
    throw forbidden('This is not your listing');
  if (kind === 'live') {
    if (row.originalId !== null || REQUEST_STATES.includes(row.state))
      throw notFound(LISTING_NOT_FOUND);
    const [pending] = await deps.db.select().from(listings).where(eq(listings.originalId, row.id));
    if (pending) row = pending;
  } else if (!REQUEST_STATES.includes(row.state)) {
    throw notFound(LISTING_NOT_FOUND);
  }
  const [images, safety, equipment] = await Promise.all([
    deps.db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, row.id))
      .orderBy(asc(listingImages.position)),
    deps.db.select().from(listingSafety).where(eq(listingSafety.listingId, row.id)),
    deps.db.select().from(listingEquipment).where(eq(listingEquipment.listingId, row.id)),
  ]);
  const fields = Object.fromEntries(
    listingFieldEntries
      .filter(([, field]) => field.column)
      .map(([name, field]) => {
        const value = row[asColumn(field.column)];
        return [name, field.kind === 'month' ? toMonth(value as string | null) : value];
      }),
  ) as Omit<
    EditDetails,
    'id' | 'originalId' | 'state' | 'deniedMessage' | 'safety' | 'equipment' | 'images'
  >;
  return {
    ...fields,
    id: kind === 'live' ? id : row.id,
    originalId: row.originalId,
    state: row.state,
    deniedMessage: row.deniedMessage,
    safety: safety.map((s) => s.itemId),
    equipment: equipment.map((e) => e.itemId),
    images: await Promise.all(
      images.map(async (i) => ({
        id: i.id,
        image: await photoAsBase64(deps.storage, i.key),
        isCover: i.isCover,
      })),
    ),
  };
}

/** The owner's listings with their states (edit requests included, as their own cards). */
export function ownListingsWhere(
  userId: number,
  state: ListingState | null | undefined,
): SQL | undefined {
  return and(eq(listings.userId, userId), state ? eq(listings.state, state) : undefined);
}
