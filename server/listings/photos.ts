import sharp from 'sharp';
import { limits } from '#shared/limits.ts';
import {
  checkUpload,
  encode,
  invalidImages,
  isInvalidImage,
  withPixels,
} from '../images/process.ts';
import { newKey, withFiles, type Storage, type StorageFile } from '../storage/storage.ts';
import { phash } from '../trust/phash.ts';

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
  /** The perceptual hash that finds copies of the photo (server/trust/phash.ts). */
  phash: bigint | null;
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
 * The WebP versions for srcset: cards are at most about 600 CSS px wide on a phone and 250 in a
 * desktop grid; 840 is the listing page's first photo on a phone (the page's largest paint), in
 * WebP instead of the 840 px JPEG. A photo narrower than a slot gets one version at its own width
 * instead.
 */
export const CARD_WIDTHS = [320, 480, 640, 840] as const;
/** The full-screen version's longer side: the largest upload the gallery shows at its own size. */
export const LARGE_MAX_SIDE = 2048;

/** The photos of a submission, made and not yet stored: `files` are every version of the new ones. */
export interface PreparedPhotos {
  photos: StoredPhoto[];
  files: StorageFile[];
}

/**
 * Checks and decodes every photo and makes its versions in memory; nothing is written. A photo
 * that is not an image (by its bytes, or because it does not decode) is collected, and all of
 * them are named in one 422; one over a size cap stops the batch with a 413. A photo sent back
 * exactly as stored keeps its key.
 */
export async function preparePhotos(
  storage: Storage,
  items: readonly PhotoInput[],
  existing: readonly ExistingPhoto[] = [],
): Promise<PreparedPhotos> {
  const named = items.map((item, index) => ({ item, name: item.name || `photo ${index + 1}` }));
  // The headers first: a batch with a bad file is refused before any photo is decoded.
  const checked = await allImages(named, async (photo) => ({
    ...photo,
    bytes: await checkUpload(photo.item.image, photo.name),
  }));
  const byId = new Map(existing.map((photo) => [photo.id, photo]));
  const made = await allImages(checked, async ({ item, name, bytes }) => {
    const previous = item.id == null ? undefined : byId.get(item.id);
    return (await unchanged(storage, bytes, previous)) ?? render(bytes, name);
  });
  const coverIndex = Math.max(
    items.findIndex((item) => item.isCover),
    0,
  );
  return {
    photos: made.map(({ files: _files, ...photo }, index) => ({
      ...photo,
      isCover: index === coverIndex,
      position: index,
    })),
    files: made.flatMap((photo) => photo.files),
  };
}

/** Stores the photos of `preparePhotos` at once (for callers with no row to write). */
export async function savePhotos(
  storage: Storage,
  items: readonly PhotoInput[],
  existing: readonly ExistingPhoto[] = [],
): Promise<StoredPhoto[]> {
  const { photos, files } = await preparePhotos(storage, items, existing);
  return withFiles(storage, files, async () => photos);
}

/**
 * `work` on every photo, once all of it has settled: the photos refused as not an image are named
 * together in one 422; any other failure (a size cap) is thrown as it is.
 */
async function allImages<P extends { name: string }, T>(
  photos: readonly P[],
  work: (photo: P) => Promise<T>,
): Promise<T[]> {
  const results = await Promise.allSettled(photos.map(work));
  const failure = results.find(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && !isInvalidImage(r.reason),
  );
  if (failure) throw failure.reason;
  const invalid = photos.filter((_, index) => results[index]?.status === 'rejected');
  if (invalid.length > 0) throw invalidImages(invalid.map((photo) => photo.name));
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
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

const VERSION = /^(listings\/[^/]+?)(?:-card|-large|-\d+)?\.(?:jpg|webp)$/;
/** The key of the photo (its 840 px version) that a stored file is a version of, if any. */
export const photoOf = (fileKey: string): string | null => {
  const match = VERSION.exec(fileKey);
  return match ? `${match[1]}.jpg` : null;
};

/** The public URL of the 840 px version. */
export const photoUrl = (key: string): string => `/images/${key}`;
/** The public URL of the JPEG card version. */
export const cardUrl = (key: string): string => photoUrl(cardKey(key));
/** Every WebP version's URL with its width, for the listing page's srcset. */
export const webpVersions = (key: string, widths: readonly number[]) =>
  widths.map((width) => ({ url: photoUrl(cardVersionKey(key, slotOf(width))), width }));
/** The slots a card offers: a card is never wider than 640 px, even on a sharp phone screen. */
const CARD_SLOT_MAX = 640;
/** The WebP versions' URLs a card offers, with their widths, for srcset. */
export const cardVersions = (key: string, widths: readonly number[]) =>
  webpVersions(
    key,
    widths.filter((width) => slotOf(width) <= CARD_SLOT_MAX),
  );
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
    phash: previous.phash ?? (await phash(stored)),
    files: [],
  };
}

/**
 * Decodes the upload once (upright, at most LARGE_MAX_SIDE) and makes, under a new key, the 840 px
 * JPEG, the JPEG card, the WebP cards and, for an upload larger than 840 px, the full-screen JPEG.
 * Nothing is ever enlarged.
 */
function render(bytes: Buffer, name: string) {
  return withPixels(bytes, name, LARGE_MAX_SIDE, async (pixels) => {
    const side = limits.imageMaxSide;
    const key = newKey('listings');
    const jpeg = (body: Buffer, fileKey: string) => ({
      key: fileKey,
      body,
      contentType: 'image/jpeg',
    });
    const full = await encode(pixels, { width: side, height: side }, 'jpeg');
    const card = await encode(pixels, { width: CARD_MAX_SIDE, height: CARD_MAX_SIDE }, 'jpeg');
    const files: StorageFile[] = [jpeg(full.body, key), jpeg(card.body, cardKey(key))];
    const cardWidths = [...new Set(CARD_WIDTHS.map((w) => Math.min(w, full.width)))];
    for (const width of cardWidths) {
      const version = await encode(pixels, { width }, 'webp', 75);
      files.push({
        key: cardVersionKey(key, slotOf(width)),
        body: version.body,
        contentType: 'image/webp',
      });
    }
    const large =
      Math.max(pixels.width, pixels.height) > side
        ? await encode(pixels, { width: LARGE_MAX_SIDE, height: LARGE_MAX_SIDE }, 'jpeg')
        : null;
    if (large) files.push(jpeg(large.body, largeKey(key)));
    return {
      key,
      width: full.width,
      height: full.height,
      cardWidths,
      largeWidth: large?.width ?? null,
      largeHeight: large?.height ?? null,
      phash: await phash(full.body),
      files,
    };
  });
}
