import pLimit from 'p-limit';
import sharp, { type SharpOptions } from 'sharp';
import { messages } from '#shared/messages.ts';
import { ApiError } from '../http/errors.ts';

/** The largest upload accepted, in bytes (413 past it). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels an upload may have (413 past it): a 24 MP camera photo (6000 x 4000) passes, and
 * the site and the apps downscale to 840 px before sending. A progressive JPEG or interlaced PNG
 * is decoded whole, at about 3.5 bytes a pixel: some 85 MB at the cap, where an interlaced PNG of
 * 16000 x 16000 (a few MB of file) would take 900 MB.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/**
 * Uploads decoded at once by this process, whatever the number of requests: each decode holds up
 * to MAX_IMAGE_PIXELS of memory and keeps a core busy, and the machines have two.
 */
export const DECODES_AT_ONCE = 2;

const decodes = pLimit(DECODES_AT_ONCE);
// Every upload is new: libvips' cache of recent operations would never hit, only hold memory.
sharp.cache(false);

/**
 * How sharp opens every upload: refused past the pixel cap before any pixel is decoded, and
 * refused when the data is truncated or corrupt ('error'), not only patched with grey. Benign
 * warnings that cameras produce still pass.
 */
const untrusted: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' };

/** The spec's refusal of files that are not images, naming them. */
export const invalidImages = (names: readonly string[]): ApiError =>
  new ApiError(422, `${messages.listing.imagesInvalid}: ${names.join(', ')}`);

/** Whether `err` is the refusal of a file as not an image (the kind a batch collects). */
export const isInvalidImage = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 422;

const tooLarge = (label: string, limit: string) =>
  new ApiError(413, `${label} is larger than ${limit}`);

/**
 * The first bytes of each accepted format. Nothing else reaches sharp, so none of libvips' other
 * loaders (SVG, PDF, TIFF, ...) ever parses an upload.
 */
function signatureOf(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'heif' | null {
  const ascii = (from: number, to: number) => bytes.toString('latin1', from, to);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') return 'heif';
  return null;
}

/**
 * The bytes of a base64 upload (a data: prefix and line breaks allowed) once they are a JPEG,
 * PNG, WebP or AVIF image within the size and pixel caps, judged by the bytes and the image's
 * header, never by a name. A header is not the image: `withPixels` finds what the rest holds.
 */
export async function checkUpload(base64: string, label: string): Promise<Buffer> {
  const bytes = Buffer.from(base64.replace(/^\s*data:[^,]*,/i, ''), 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(label, `${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const format = signatureOf(bytes);
  if (!format) throw invalidImages([label]);
  const metadata = await sharp(bytes, untrusted)
    .metadata()
    .catch((err: unknown) => {
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw tooLarge(label, `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
      }
      throw invalidImages([label]);
    });
  const avif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (metadata.format !== format || (format === 'heif' && !avif)) throw invalidImages([label]);
  return bytes;
}

/** Decoded pixels, upright and flattened: what every version of a photo is encoded from. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes checked upload bytes (upright, no larger than `maxSide` on the longer side, never
 * enlarged, transparency on white) and runs `render` on the pixels, inside one of the process's
 * DECODES_AT_ONCE slots, so the pixels of at most that many uploads are in memory at once. Bytes
 * that do not decode are refused as not an image. The pixels carry no metadata (EXIF, GPS, ICC,
 * XMP), so nothing encoded from them does either.
 */
export function withPixels<T>(
  bytes: Buffer,
  label: string,
  maxSide: number,
  render: (pixels: Pixels) => Promise<T>,
): Promise<T> {
  return decodes(async () => {
    const decoded = await sharp(bytes, untrusted)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw invalidImages([label]);
      });
    const { data, info } = decoded;
    return render({ data, width: info.width, height: info.height, channels: info.channels });
  });
}

/** An encoded version of an image. */
export interface EncodedImage {
  body: Buffer;
  width: number;
  height: number;
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
): Promise<EncodedImage> {
  const { data: raw, ...dimensions } = pixels;
  const pipeline = sharp(raw, { raw: dimensions }).resize({
    ...box,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    format === 'jpeg' ? pipeline.jpeg({ quality, mozjpeg: true }) : pipeline.webp({ quality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { body: data, width: info.width, height: info.height };
}

/** A base64 upload checked, decoded and re-encoded as a JPEG of at most `maxSide`, without metadata. */
export async function uploadAsJpeg(
  base64: string,
  label: string,
  maxSide: number,
): Promise<EncodedImage> {
  const bytes = await checkUpload(base64, label);
  return withPixels(bytes, label, maxSide, (pixels) =>
    encode(pixels, { width: maxSide, height: maxSide }, 'jpeg'),
  );
}
