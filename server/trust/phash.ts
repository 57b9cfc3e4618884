import sharp from 'sharp';

/**
 * The largest Hamming distance between two photos' hashes that still counts as the same photo.
 * Re-encoded, resized and slightly cropped copies of the demo photos are found, and no two
 * distinct demo cars confused, at every threshold from 4 to 9 (server/trust/phash.test.ts;
 * docs/behaviour.md, 'Trust and safety'); 7 is inside that range and lets the index look-up (nearBandValues) search
 * each 16-bit band at distance 1 only.
 */
export const SAME_PHOTO_DISTANCE = 7;

/**
 * A photo that matches photos of more other listings than this is a stock picture (a dealer's
 * showroom shot, a 'financing available' slide, the demo set's one interior drawing): it says
 * nothing about which car a listing is, so it does not count.
 */
export const STOCK_PHOTO_LISTINGS = 5;

/** How many of a listing's own photos must match another listing's for a possible duplicate. */
export const PHOTOS_TO_MATCH = 3;

/** The side of the grey square the transform reads, and of the low frequencies kept. */
const SIDE = 32;
const KEPT = 8;
const cosines = Array.from({ length: KEPT }, (_, u) =>
  Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/**
 * The 64-bit perceptual hash of an image (pHash): shrunk to 32x32 grey pixels, the 8x8 lowest
 * frequencies of its cosine transform, one bit per frequency (is it above the median of the 63
 * that are not the mean brightness?). Low frequencies are the photo's broad shapes, which
 * re-encoding, resizing and a small crop barely move; a difference hash of neighbouring pixels
 * moves more under a crop. A flat image has no shapes and hashes to 0. Stored signed, as
 * PostgreSQL's bigint is.
 */
export async function phash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image, { failOn: 'none' })
    .rotate()
    .grayscale()
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  // The transform is separable: along the rows first (32 x 8 sums), then down the columns.
  const rows = Array.from({ length: SIDE }, (_, y) =>
    cosines.map((cos) => cos.reduce((sum, c, x) => sum + c * (pixels[y * SIDE + x] ?? 0), 0)),
  );
  const frequencies = cosines.flatMap((cos) =>
    Array.from({ length: KEPT }, (_, v) =>
      cos.reduce((sum, c, y) => sum + c * (rows[y]?.[v] ?? 0), 0),
    ),
  );
  const detail = frequencies.slice(1).sort((a, b) => a - b);
  if ((detail.at(-1) ?? 0) - (detail[0] ?? 0) < 1e-6) return 0n;
  const median = detail[31] ?? 0;
  let hash = 0n;
  for (const value of frequencies) hash = (hash << 1n) | (value > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** The hash's four 16-bit bands, highest first, as `photoBand` reads them in SQL. */
export const bandsOf = (hash: bigint) =>
  [48n, 32n, 16n, 0n].map((shift) => Number((BigInt.asUintN(64, hash) >> shift) & 0xffffn));

/**
 * The values each band of a hash within SAME_PHOTO_DISTANCE of one of `hashes` can take: the band
 * itself and its 16 one-bit changes. Two hashes at distance 7 or less have a band that differs by
 * at most one bit (were all four bands 2 or more apart, the hashes would be 8 apart): multi-index
 * hashing, which turns 'near' into exact look-ups in four indexes.
 */
export function nearBandValues(hashes: readonly bigint[]): number[][] {
  if (Math.floor(SAME_PHOTO_DISTANCE / 4) !== 1) throw new Error('one bit per band is searched');
  return [0, 1, 2, 3].map((band) => {
    const values = new Set<number>();
    for (const hash of hashes) {
      const value = bandsOf(hash)[band] ?? 0;
      values.add(value);
      for (let bit = 0; bit < 16; bit++) values.add(value ^ (1 << bit));
    }
    return [...values].sort((a, b) => a - b);
  });
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
