import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Duplicate, ReviewFlags } from '#shared/schemas/trust.ts';
import type { Db } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { listingImages, listings, photoBand } from '../db/schema/index.ts';
import { photoUrl } from '../listings/photos.ts';
import { nearBandValues, photoDuplicates, SAME_PHOTO_DISTANCE } from './phash.ts';
import { scanText } from './scam.ts';

/**
 * A chassis number as compared: letters and digits only, upper case, and I, O and Q read as 1, 0
 * and 0 (a VIN never has them, so they are typing slips). The same expression as the index.
 */
export const normalChassis = sql`translate(upper(regexp_replace(coalesce(${listings.chassisNumber}, ''), '[^A-Za-z0-9]', '', 'g')), 'IOQ', '100')`;

/** The same normalisation in TypeScript. */
export const normaliseChassis = (value: string | null) =>
  (value ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/[IOQ]/g, (c) => (c === 'I' ? '1' : '0'));

/** Shorter numbers ('n/a', '-', a plate) are not a car's identity. */
const CHASSIS_MIN = 6;

/** Live and pending listings (new or edits) of other users: where a copy would be. */
const othersOpen = (userId: number) =>
  and(ne(listings.userId, userId), inArray(listings.state, ['ACTIVE', 'PENDING']));

/**
 * The photos of other users' live and pending listings within SAME_PHOTO_DISTANCE of one of
 * `hashes` (the listing's own), each with the own photo it is near, nearest first. The four band
 * indexes find the candidates (nearBandValues: exact look-ups, no scan of every stored hash), and
 * only those are measured.
 */
export function nearPhotos(tx: Db, listingId: number, userId: number, hashes: bigint[]) {
  const mine = alias(listingImages, 'mine');
  const distance = sql<number>`bit_count((${listingImages.phash} # ${mine.phash})::bit(64))::int`;
  const near = nearBandValues(hashes);
  return tx
    .select({
      id: listings.id,
      originalId: listings.originalId,
      title: listings.title,
      state: listings.state,
      other: listingImages.key,
      photo: mine.key,
      distance,
    })
    .from(listingImages)
    .innerJoin(
      mine,
      and(
        eq(mine.listingId, listingId),
        ne(mine.phash, 0n),
        sql`${distance} <= ${SAME_PHOTO_DISTANCE}`,
      ),
    )
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(
      and(
        or(...near.map((values, band) => inArray(photoBand(listingImages.phash, band), values))),
        // A flat image hashes to 0 (and a photo that could not be read is stored as 0).
        ne(listingImages.phash, 0n),
        othersOpen(userId),
      ),
    )
    .orderBy(distance)
    .limit(2000);
}

/**
 * Runs the trust checks on a listing as just submitted (in its transaction): other users' live
 * and pending listings with the same chassis number or a photo within a few bits of one of its
 * photos, and scam patterns in its texts. The findings are stored with it for the review screen.
 */
export async function flagListing(tx: Db, listingId: number): Promise<ReviewFlags | null> {
  const [row] = await tx
    .select({
      userId: listings.userId,
      title: listings.title,
      description: listings.description,
      chassis: listings.chassisNumber,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row) return null;
  const duplicates = new Map<number, Duplicate>();
  const entry = (other: {
    id: number;
    originalId: number | null;
    title: string;
    state: string;
  }) => {
    const id = other.originalId ?? other.id;
    let found = duplicates.get(id);
    if (!found) {
      found = { listingId: id, title: other.title, state: other.state, chassis: false, photos: [] };
      duplicates.set(id, found);
    }
    return found;
  };

  const chassis = normaliseChassis(row.chassis);
  if (chassis.length >= CHASSIS_MIN) {
    const same = await tx
      .select({
        id: listings.id,
        originalId: listings.originalId,
        title: listings.title,
        state: listings.state,
      })
      .from(listings)
      .where(and(othersOpen(row.userId), sql`${normalChassis} = ${chassis}`))
      .limit(20);
    for (const other of same) entry(other).chassis = true;
  }

  const own = await tx
    .select({ phash: listingImages.phash })
    .from(listingImages)
    .where(and(eq(listingImages.listingId, listingId), ne(listingImages.phash, 0n)));
  const hashes = own.flatMap((photo) => (photo.phash === null ? [] : [photo.phash]));
  const photos = hashes.length ? await nearPhotos(tx, listingId, row.userId, hashes) : [];
  const pairs = photos.map((p) => ({ ...p, listingId: p.originalId ?? p.id }));
  for (const matched of photoDuplicates(pairs, hashes.length).values()) {
    for (const match of matched) {
      entry(match).photos.push({
        photo: photoUrl(match.photo),
        other: photoUrl(match.other),
        distance: match.distance,
      });
    }
  }

  const scam = scanText({ title: row.title, description: row.description });
  const flags =
    duplicates.size || scam.length ? { duplicates: [...duplicates.values()], scam } : null;
  await tx.update(listings).set({ reviewFlags: flags }).where(eq(listings.id, listingId));
  return flags;
}

/** Photos stored before the hash existed: hashed in the background after start-up, in batches. */
export async function backfillPhotoHashes(
  db: Db,
  read: (key: string) => Promise<Buffer | null>,
  hash: (image: Buffer) => Promise<bigint>,
  batch = 50,
): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: listingImages.id, key: listingImages.key })
      .from(listingImages)
      .where(sql`${listingImages.phash} is null`)
      .orderBy(listingImages.id)
      .limit(batch);
    if (!rows.length) return done;
    let progressed = false;
    for (const row of rows) {
      const body = await read(row.key).catch(() => null);
      // A missing or broken file gets 0, so it is not tried again at every start.
      const value = body ? await hash(body).catch(() => 0n) : 0n;
      await db
        .update(listingImages)
        .set({ phash: value })
        .where(and(eq(listingImages.id, row.id), sql`${listingImages.phash} is null`));
      progressed = true;
      done += 1;
    }
    if (!progressed) return done;
  }
}
