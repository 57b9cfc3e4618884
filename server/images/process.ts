import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ApiError, unprocessable } from '../http/errors.ts';

/** The formats accepted, recognised by their bytes (sharp's decoder), never by a file name. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface ProcessedImage {
  body: Buffer;
  width: number;
  height: number;
  hash: string;
}

/** Decodes base64 and checks the bytes are a JPEG, PNG, WebP or AVIF image within the size cap. */
export async function decodeImage(base64: string, label = 'Image'): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw unprocessable(`${label} is empty`);
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ApiError(413, `${label} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  }
  const format = await sharp(bytes)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format) || (format === 'heif' && !(await isAvif(bytes)))) {
    throw unprocessable(`${label} is not a JPEG, PNG, WebP or AVIF image`);
  }
  return bytes;
}

async function isAvif(bytes: Buffer): Promise<boolean> {
  const m = await sharp(bytes).metadata();
  return m.compression === 'av1';
}

/** Decoded pixels, upright and flattened: what every version of a photo is encoded from. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes once: upright, no larger than `maxSide` on its longer side (never enlarged), transparency
 * on white. The pixels carry no metadata, so nothing encoded from them does either.
 */
export async function uprightPixels(bytes: Buffer, maxSide: number): Promise<Pixels> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * `pixels` as a JPEG or WebP no wider than `width` and, when given, no taller than `height`
 * (never enlarged).
 */
export async function encode(
  pixels: Pixels,
  box: { width: number; height?: number },
  format: 'jpeg' | 'webp',
  quality = 80,
): Promise<ProcessedImage> {
  const { data: raw, ...dimensions } = pixels;
  const pipeline = sharp(raw, { raw: dimensions }).resize({
    ...box,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    format === 'jpeg' ? pipeline.jpeg({ quality, mozjpeg: true }) : pipeline.webp({ quality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
  return { body: data, width: info.width, height: info.height, hash };
}

/**
 * Re-encodes as JPEG no larger than `maxSide` on its longer side, upright, with every piece of
 * metadata (EXIF, GPS, ICC comments) dropped: sharp keeps none unless asked to.
 */
export async function toJpeg(
  bytes: Buffer,
  maxSide: number,
  quality = 80,
): Promise<ProcessedImage> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
  return { body: data, width: info.width, height: info.height, hash };
}
