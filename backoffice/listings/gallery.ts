import type { CarDetail } from '#shared/schemas/listing-display.ts';

export type Photo = CarDetail['images'][number];

/** The grid shows this many photos; the gallery shows them all. */
export const GRID_PHOTOS = 5;
/** A horizontal swipe shorter than this (px) is not a swipe. */
export const SWIPE_THRESHOLD = 50;

/** The cover first, then the rest in their order. */
export function coverFirst(photos: readonly Photo[]): Photo[] {
  const cover = photos.find((p) => p.isCover) ?? photos[0];
  return cover ? [cover, ...photos.filter((p) => p !== cover)] : [];
}

/** The index `delta` photos on, wrapping at both ends. */
export const step = (index: number, delta: number, count: number) =>
  count === 0 ? 0 : (((index + delta) % count) + count) % count;

/** A swipe's direction: -1 back (swiped right), 1 on (swiped left), 0 not a swipe. */
export function swipe(startX: number, endX: number, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  const distance = endX - startX;
  if (Math.abs(distance) < threshold) return 0;
  return distance > 0 ? -1 : 1;
}
