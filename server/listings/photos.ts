import sharp from 'sharp';
import { messages } from '#shared/messages.ts';
import { limits } from '#shared/limits.ts';
import { ApiError } from '../http/errors.ts';
import { decodeImage, toJpeg } from '../images/process.ts';
import type { Storage } from '../storage/storage.ts';

/** One photo as the listing form sends it (listingImageInputSchema). */
export interface PhotoInput {
  id?: number | null;
  image: string;
  isCover: boolean;
  name?: string;
}

/** A photo the listing already has, by its row id and storage key. */
export interface ExistingPhoto {
  id: number;
  key: string;
}

/** A photo once stored: the key of its 840 px version and its place in the listing. */
export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  isCover: boolean;
  position: number;
}

const CARD_MAX_SIDE = 480;
// Two cores: more sharp pipelines at once only queue up and hold more decoded pixels in memory.
const CONCURRENCY = 2;

/** Validates every photo first (nothing is stored if any is bad), then stores them; returns them in order. */
export async function savePhotos(
  storage: Storage,
  items: readonly PhotoInput[],
  existing: readonly ExistingPhoto[] = [],
): Promise<StoredPhoto[]> {
  const checked = await mapLimit(items, async (item, index) => {
    const name = item.name || `photo ${index + 1}`;
    try {
      return { item, name, bytes: await decodeImage(stripDataUrl(item.image), name) };
    } catch (err) {
      // A 413 (too large) already names the file and stops the upload; a 422 is collected below.
      if (err instanceof ApiError && err.status === 422) return { item, name, bytes: null };
      throw err;
    }
  });
  const invalid = checked.filter((photo) => !photo.bytes).map((photo) => photo.name);
  if (invalid.length > 0) {
    throw new ApiError(422, `${messages.listing.imagesInvalid}: ${invalid.join(', ')}`);
  }

  const coverIndex = Math.max(
    items.findIndex((item) => item.isCover),
    0,
  );
  const keysById = new Map(existing.map((photo) => [photo.id, photo.key]));
  const valid = checked.flatMap(({ item, bytes }) => (bytes ? [{ item, bytes }] : []));
  return mapLimit(valid, async ({ item, bytes }, index) => {
    const previous = item.id == null ? undefined : keysById.get(item.id);
    const photo = (await unchanged(storage, bytes, previous)) ?? (await storeNew(storage, bytes));
    return { ...photo, isCover: index === coverIndex, position: index };
  });
}

/** The storage key of the small version shown on listing cards. */
export const cardKey = (key: string): string => key.replace(/\.jpg$/, '-card.jpg');
/** The public URL of the 840 px version. */
export const photoUrl = (key: string): string => `/images/${key}`;
/** The public URL of the card version. */
export const cardUrl = (key: string): string => photoUrl(cardKey(key));

/** The stored 840 px JPEG as base64 (no data: prefix), as the edit form receives it back. */
export async function photoAsBase64(storage: Storage, key: string): Promise<string> {
  const body = await storage.get(key);
  if (!body) throw new Error(`Photo ${key} is missing from storage`);
  return body.toString('base64');
}

/** Removes both versions of each photo. */
export async function deletePhotos(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.flatMap((key) => [storage.delete(key), storage.delete(cardKey(key))]));
}

/**
 * The existing photo when the bytes sent are exactly its stored file: edits send unchanged photos
 * back, and re-encoding them would lose quality each time and leave a second copy behind.
 */
async function unchanged(storage: Storage, bytes: Buffer, key: string | undefined) {
  if (!key) return null;
  const stored = await storage.get(key);
  if (!stored || !stored.equals(bytes)) return null;
  const { width, height } = await sharp(stored).metadata();
  return { key, width, height };
}

async function storeNew(storage: Storage, bytes: Buffer) {
  const full = await toJpeg(bytes, limits.imageMaxSide);
  // The card is made from the 840 px output: already upright and far cheaper to decode.
  const card = await toJpeg(full.body, CARD_MAX_SIDE);
  const key = `listings/${full.hash}.jpg`;
  await storage.put(key, full.body, 'image/jpeg');
  await storage.put(cardKey(key), card.body, 'image/jpeg');
  return { key, width: full.width, height: full.height };
}

function stripDataUrl(image: string): string {
  return image.replace(/^\s*data:[^,]*;base64,/i, '').replace(/\s+/g, '');
}

/** Like Promise.all over `items`, with at most CONCURRENCY calls running at once; keeps order. */
async function mapLimit<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // The workers share one iterator, so each item is taken by exactly one of them.
  const entries = items.entries();
  const worker = async () => {
    for (const [index, item] of entries) results[index] = await fn(item, index);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}
