import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Duplicate, ReviewFlags } from '#shared/schemas/trust.ts';
import type { Db } from '../db/client.ts';
import { listingImages, listings, mileageReadings, photoBand } from '../db/schema/index.ts';
import { photoUrl } from '../listings/photos.ts';
import { hamming, nearBandValues, photoDuplicates, SAME_PHOTO_DISTANCE } from './phash.ts';
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

/** The normalised chassis number a car is known by, or null when it has none to know it by. */
export function carChassis(value: string | null) {
  const chassis = normaliseChassis(value);
  return chassis.length >= CHASSIS_MIN ? chassis : null;
}

/**
 * The highest mileage recorded for the car (server/history), when `mileage` is lower: a possible
 * rollback for the review screen. Null otherwise.
 */
async function rollbackOf(tx: Db, chassis: string | null, mileage: number) {
  if (!chassis) return null;
  const [highest] = await tx
    .select({ mileage: mileageReadings.mileage, readAt: mileageReadings.readAt })
    .from(mileageReadings)
    .where(eq(mileageReadings.chassis, chassis))
    .orderBy(desc(mileageReadings.mileage))
    .limit(1);
  return highest && highest.mileage > mileage
    ? { mileage, highest: highest.mileage, readAt: highest.readAt.toISOString() }
    : null;
}

/** What the review screen names of a listing another one may copy. */
const matchedListing = {
  id: listings.id,
  originalId: listings.originalId,
  title: listings.title,
  state: listings.state,
};

/** Live and pending listings (new or edits) of other users: where a copy would be. */
const othersOpen = (userId: number) =>
  and(ne(listings.userId, userId), inArray(listings.state, ['ACTIVE', 'PENDING']));

/**
 * Stored photos within SAME_PHOTO_DISTANCE of one of `hashes`, whoever's (but those of listing
 * `except`, the listing's own; the other listings' states are read after). The four band indexes
 * find the candidates (nearBandValues: exact look-ups, never a scan of every stored hash), and
 * only those are measured. A query on this one table, so the planner always starts from them.
 */
export function nearPhotos(tx: Db, hashes: bigint[], except?: number) {
  const near = nearBandValues(hashes);
  const distances = hashes.map(
    (hash) => sql`bit_count((${listingImages.phash} # ${hash.toString()}::bigint)::bit(64))`,
  );
  return tx
    .select({
      listingId: listingImages.listingId,
      key: listingImages.key,
      phash: listingImages.phash,
    })
    .from(listingImages)
    .where(
      and(
        or(...near.map((values, band) => inArray(photoBand(listingImages.phash, band), values))),
        // A flat image hashes to 0 (and a photo that could not be read is stored as 0).
        ne(listingImages.phash, 0n),
        except === undefined ? undefined : ne(listingImages.listingId, except),
        sql`least(${sql.join(distances, sql`, `)}) <= ${SAME_PHOTO_DISTANCE}`,
      ),
    )
    .limit(2000);
}

/**
 * The pairs of photos, the listing's own and one of another user's live or pending listing,
 * within SAME_PHOTO_DISTANCE of each other, nearest first.
 */
async function nearPairs(tx: Db, listingId: number, userId: number) {
  const own = await tx
    .select({ key: listingImages.key, phash: listingImages.phash })
    .from(listingImages)
    .where(and(eq(listingImages.listingId, listingId), ne(listingImages.phash, 0n)));
  const mine = own.flatMap((p) => (p.phash === null ? [] : [{ key: p.key, phash: p.phash }]));
  if (!mine.length) return { pairs: [], ownPhotos: 0 };
  const found = await nearPhotos(
    tx,
    mine.map((p) => p.phash),
    listingId,
  );
  const listingIds = [...new Set(found.map((p) => p.listingId))];
  const open = listingIds.length
    ? await tx
        .select(matchedListing)
        .from(listings)
        .where(and(inArray(listings.id, listingIds), othersOpen(userId)))
    : [];
  const byId = new Map(open.map((l) => [l.id, l]));
  const pairs = found.flatMap((theirs) => {
    const listing = byId.get(theirs.listingId);
    if (!listing || theirs.phash === null) return [];
    return mine.flatMap((photo) => {
      const distance = hamming(photo.phash, theirs.phash as bigint);
      return distance <= SAME_PHOTO_DISTANCE
        ? [{ ...listing, photo: photo.key, other: theirs.key, distance }]
        : [];
    });
  });
  return { pairs: pairs.sort((x, y) => x.distance - y.distance), ownPhotos: mine.length };
}

/**
 * Runs the trust checks on a listing as just submitted (in its transaction): other users' live
 * and pending listings with the same chassis number or a photo within a few bits of one of its
 * photos, scam patterns in its texts, and a mileage lower than one recorded for the car before. The findings are stored with it for the review screen.
 */
export async function flagListing(tx: Db, listingId: number): Promise<ReviewFlags | null> {
  const [row] = await tx
    .select({
      userId: listings.userId,
      title: listings.title,
      description: listings.description,
      chassis: listings.chassisNumber,
      mileage: listings.millage,
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
      .select(matchedListing)
      .from(listings)
      .where(and(othersOpen(row.userId), sql`${normalChassis} = ${chassis}`))
      .limit(20);
    for (const other of same) entry(other).chassis = true;
  }

  const near = await nearPairs(tx, listingId, row.userId);
  const pairs = near.pairs.map((p) => ({ ...p, listingId: p.originalId ?? p.id }));
  for (const matched of photoDuplicates(pairs, near.ownPhotos).values()) {
    for (const match of matched) {
      entry(match).photos.push({
        photo: photoUrl(match.photo),
        other: photoUrl(match.other),
        distance: match.distance,
      });
    }
  }

  const scam = scanText({ title: row.title, description: row.description });
  const rollback = await rollbackOf(tx, carChassis(row.chassis), row.mileage);
  const flags =
    duplicates.size || scam.length || rollback
      ? { duplicates: [...duplicates.values()], scam, rollback }
      : null;
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
