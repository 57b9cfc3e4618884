import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { messages } from '#shared/messages.ts';
import { limits } from '#shared/limits.ts';
import { ApiError } from '../http/errors.ts';
import { decodeImage, encode, uprightPixels } from '../images/process.ts';
import type { Storage } from '../storage/storage.ts';

/** One photo as the listing form sends it (listingImageInputSchema). */
export interface PhotoInput {
  id?: number | null;
  image: string;
  isCover: boolean;
  name?: string;
}

/** The versions a stored photo has besides its 840 px JPEG (the rest of a listing_images row). */
export interface PhotoVersions {
  /** Pixel widths of the WebP card versions, narrowest first; empty for photos stored before. */
  cardWidths: number[];
  /** The full-screen version's size, when the upload was larger than 840 px. */
  largeWidth: number | null;
  largeHeight: number | null;
}

/** A photo the listing already has, by its row id and storage key. */
export interface ExistingPhoto extends Partial<PhotoVersions> {
  id: number;
  key: string;
}

/** A photo once stored: the key of its 840 px version, its other versions and its place. */
export interface StoredPhoto extends PhotoVersions {
  key: string;
  width: number;
  height: number;
  isCover: boolean;
  position: number;
}

/** The JPEG card version, for clients that take one image (and photos stored before WebP). */
const CARD_MAX_SIDE = 480;
/**
 * The WebP card versions for srcset: cards are at most about 600 CSS px wide on a phone and 250 in
 * a desktop grid. A photo narrower than a slot gets one version at its own width instead.
 */
export const CARD_WIDTHS = [320, 480, 640] as const;
/** The full-screen version's longer side: the largest upload the gallery shows at its own size. */
export const LARGE_MAX_SIDE = 2048;
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
  const byId = new Map(existing.map((photo) => [photo.id, photo]));
  const valid = checked.flatMap(({ item, bytes }) => (bytes ? [{ item, bytes }] : []));
  return mapLimit(valid, async ({ item, bytes }, index) => {
    const previous = item.id == null ? undefined : byId.get(item.id);
    const photo = (await unchanged(storage, bytes, previous)) ?? (await storeNew(storage, bytes));
    return { ...photo, isCover: index === coverIndex, position: index };
  });
}

const stem = (key: string) => key.replace(/\.jpg$/, '');
/** The storage key of the JPEG card version. */
export const cardKey = (key: string): string => `${stem(key)}-card.jpg`;
/** The storage key of the full-screen version. */
export const largeKey = (key: string): string => `${stem(key)}-large.jpg`;
/** The storage key of a WebP card version, named by its slot of CARD_WIDTHS (not its own width). */
const cardVersionKey = (key: string, slot: number) => `${stem(key)}-${slot}.webp`;
const slotOf = (width: number) => CARD_WIDTHS.find((slot) => width <= slot) ?? LAST_SLOT;
const LAST_SLOT = CARD_WIDTHS[CARD_WIDTHS.length - 1] as number;

/** The public URL of the 840 px version. */
export const photoUrl = (key: string): string => `/images/${key}`;
/** The public URL of the JPEG card version. */
export const cardUrl = (key: string): string => photoUrl(cardKey(key));
/** The WebP card versions' URLs with their widths, for srcset. */
export const cardVersions = (key: string, widths: readonly number[]) =>
  widths.map((width) => ({ url: photoUrl(cardVersionKey(key, slotOf(width))), width }));
/** The full-screen version, when the photo has one. */
export const largeVersion = (key: string, width: number | null, height: number | null) =>
  width && height ? { url: photoUrl(largeKey(key)), width, height } : null;

/** The stored 840 px JPEG as base64 (no data: prefix), as the edit form receives it back. */
export async function photoAsBase64(storage: Storage, key: string): Promise<string> {
  const body = await storage.get(key);
  if (!body) throw new Error(`Photo ${key} is missing from storage`);
  return body.toString('base64');
}

/** Removes every version of each photo (a version it never had is no error). */
export async function deletePhotos(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.flatMap((key) =>
      [key, cardKey(key), largeKey(key), ...CARD_WIDTHS.map((w) => cardVersionKey(key, w))].map(
        (k) => storage.delete(k),
      ),
    ),
  );
}

/**
 * The existing photo when the bytes sent are exactly its stored file: edits send unchanged photos
 * back, and re-encoding them would lose quality each time and leave a second copy behind.
 */
async function unchanged(storage: Storage, bytes: Buffer, previous: ExistingPhoto | undefined) {
  if (!previous) return null;
  const { key } = previous;
  const stored = await storage.get(key);
  if (!stored || !stored.equals(bytes)) return null;
  const { width, height } = await sharp(stored).metadata();
  return {
    key,
    width,
    height,
    cardWidths: previous.cardWidths ?? [],
    largeWidth: previous.largeWidth ?? null,
    largeHeight: previous.largeHeight ?? null,
  };
}

/**
 * Decodes the upload once (upright, at most LARGE_MAX_SIDE) and stores the 840 px JPEG under a
 * hash of its bytes, the JPEG card, the WebP cards and, for an upload larger than 840 px, the
 * full-screen JPEG. Nothing is ever enlarged.
 */
async function storeNew(storage: Storage, bytes: Buffer) {
  const pixels = await uprightPixels(bytes, LARGE_MAX_SIDE);
  const side = limits.imageMaxSide;
  const full = await encode(pixels, { width: side, height: side }, 'jpeg');
  const large =
    Math.max(pixels.width, pixels.height) > side
      ? await encode(pixels, { width: LARGE_MAX_SIDE, height: LARGE_MAX_SIDE }, 'jpeg')
      : null;
  // Two uploads can share an 840 px version (one photo at two sizes) but not the full-screen one.
  const key = `listings/${large ? hashOf(full.body, large.body) : full.hash}.jpg`;
  const card = await encode(pixels, { width: CARD_MAX_SIDE, height: CARD_MAX_SIDE }, 'jpeg');
  const cardWidths = [...new Set(CARD_WIDTHS.map((w) => Math.min(w, full.width)))];
  await storage.put(key, full.body, 'image/jpeg');
  await storage.put(cardKey(key), card.body, 'image/jpeg');
  for (const width of cardWidths) {
    const version = await encode(pixels, { width }, 'webp', 75);
    await storage.put(cardVersionKey(key, slotOf(width)), version.body, 'image/webp');
  }
  if (large) await storage.put(largeKey(key), large.body, 'image/jpeg');
  return {
    key,
    width: full.width,
    height: full.height,
    cardWidths,
    largeWidth: large?.width ?? null,
    largeHeight: large?.height ?? null,
  };
}

const hashOf = (...bodies: Buffer[]) =>
  bodies
    .reduce((hash, body) => hash.update(body), createHash('sha256'))
    .digest('hex')
    .slice(0, 24);

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
