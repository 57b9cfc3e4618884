import sharp from 'sharp';

/**
 * The largest Hamming distance between two photos' hashes that still counts as the same photo:
 * re-encoded, resized and slightly cropped copies of the demo photos mostly differ by less
 * (server/trust/dhash.test.ts measures it; README 'Trust and safety').
 */
export const SAME_PHOTO_DISTANCE = 8;

/**
 * A photo that matches photos of more other listings than this is a stock picture (a dealer's
 * showroom shot, a 'financing available' slide, the demo set's one interior drawing): it says
 * nothing about which car a listing is, so it does not count.
 */
export const STOCK_PHOTO_LISTINGS = 5;

/** How many of a listing's own photos must match another listing's for a possible duplicate. */
export const PHOTOS_TO_MATCH = 3;

/**
 * The 64-bit difference hash of an image: shrunk to 9x8 grey pixels, one bit per pair of
 * neighbours in a row (is the left one brighter?). It survives re-encoding, resizing and small
 * crops, and costs one small decode. Stored signed, as PostgreSQL's bigint is.
 */
export async function dhash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image, { failOn: 'none' })
    .rotate()
    .grayscale()
    .resize(9, 8, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = pixels[row * 9 + col] ?? 0;
      const right = pixels[row * 9 + col + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/**
 * The photo rule of duplicate detection, on the pairs of photos within SAME_PHOTO_DISTANCE: the
 * other listings that share at least PHOTOS_TO_MATCH of this listing's photos (or all of them,
 * when it has fewer), stock photos left out. A photo of a car looks like other photos of cars
 * of the same shape and colour, so one lone match is not enough.
 */
export function photoDuplicates<P extends { photo: string; listingId: number }>(
  pairs: readonly P[],
  ownPhotos: number,
): Map<number, P[]> {
  const listingsOf = new Map<string, Set<number>>();
  for (const pair of pairs) {
    const seen = listingsOf.get(pair.photo) ?? new Set<number>();
    listingsOf.set(pair.photo, seen.add(pair.listingId));
  }
  const stock = new Set(
    [...listingsOf].filter(([, seen]) => seen.size > STOCK_PHOTO_LISTINGS).map(([photo]) => photo),
  );
  const needed = Math.max(1, Math.min(PHOTOS_TO_MATCH, ownPhotos - stock.size));
  const byListing = new Map<number, P[]>();
  for (const pair of pairs) {
    if (stock.has(pair.photo)) continue;
    byListing.set(pair.listingId, [...(byListing.get(pair.listingId) ?? []), pair]);
  }
  for (const [listingId, matched] of byListing) {
    if (new Set(matched.map((m) => m.photo)).size < needed) byListing.delete(listingId);
  }
  return byListing;
}

/** How many of the 64 bits differ. */
export function hamming(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (x) {
    x &= x - 1n;
    bits += 1;
  }
  return bits;
}
