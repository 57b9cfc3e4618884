import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ads, listingImages, users } from '../db/schema/index.ts';
import { photoOf } from '../listings/photos.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * How old a file with no row must be before the sweep removes it. A request writes its files and
 * then commits the row that names them within seconds (every image is made before the first
 * write); an hour leaves room for a stalled transaction, and keys are never reused, so a file past
 * it can no longer gain a row.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** How often the sweep runs (the job's period), in seconds. */
export const SWEEP_EVERY_SECONDS = 60 * 60;

const BATCH = 500;

interface Owner {
  /** The key a row names for a file of the folder (a listing photo's versions share its key). */
  ownerOf(file: string): string | null;
  /** Which of `keys` some row names. */
  named(db: Db, keys: string[]): Promise<{ key: string | null }[]>;
}

/** The folders the sweep looks after, and the rows that name their files. */
const owners: Record<'listings' | 'logos' | 'ads', Owner> = {
  listings: {
    ownerOf: photoOf,
    named: (db, keys) =>
      db
        .selectDistinct({ key: listingImages.key })
        .from(listingImages)
        .where(inArray(listingImages.key, keys)),
  },
  logos: {
    ownerOf: (file) => file,
    named: (db, keys) =>
      db.select({ key: users.imageKey }).from(users).where(inArray(users.imageKey, keys)),
  },
  ads: {
    ownerOf: (file) => file,
    named: (db, keys) =>
      db.select({ key: ads.imageKey }).from(ads).where(inArray(ads.imageKey, keys)),
  },
};
type Folder = keyof typeof owners;

const folderOf = (key: string): Folder | null => {
  const folder = key.split('/')[0];
  return folder && Object.hasOwn(owners, folder) ? (folder as Folder) : null;
};

/**
 * Removes stored images that no row names and that are older than SWEEP_GRACE_MS: what a process
 * that died between writing and committing left, a replaced logo or ad image. Files in other
 * folders are never touched. Safe to run on several instances at once. Returns how many it removed.
 */
export async function sweepOrphanImages(
  db: Db,
  storage: Storage,
  now: Date = new Date(),
): Promise<number> {
  const before = now.getTime() - SWEEP_GRACE_MS;
  let removed = 0;
  let batch: string[] = [];
  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() > before || !folderOf(file.key)) continue;
    batch.push(file.key);
    if (batch.length === BATCH) {
      removed += await removeUnnamed(db, storage, batch);
      batch = [];
    }
  }
  return removed + (batch.length ? await removeUnnamed(db, storage, batch) : 0);
}

async function removeUnnamed(db: Db, storage: Storage, keys: string[]): Promise<number> {
  const unnamed: string[] = [];
  for (const [folder, owner] of Object.entries(owners)) {
    const files = keys.filter((key) => folderOf(key) === folder);
    const ownerKeys = new Map(files.map((key) => [key, owner.ownerOf(key)]));
    const wanted = [...new Set(ownerKeys.values())].filter((key) => key !== null);
    const used = new Set(
      wanted.length ? (await owner.named(db, wanted)).map((row) => row.key) : [],
    );
    unnamed.push(...files.filter((key) => !used.has(ownerKeys.get(key) ?? null)));
  }
  await Promise.all(unnamed.map((key) => storage.delete(key)));
  return unnamed.length;
}
