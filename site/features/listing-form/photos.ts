import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';

/** A photo of the form: `id` for one the listing already has, `image` as base64 JPEG. */
export interface Photo {
  key: string;
  id?: number;
  image: string;
  name?: string;
}

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp', 'avif'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
/** The file picker's filter (a dropped or forced file is still checked by isImageFile). */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), ...IMAGE_TYPES].join(',');
export const JPEG_QUALITY = 0.8;

const extension = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** A file of one of the allowed types, by its MIME type or, when the browser gives none, its name. */
export function isImageFile(file: { name: string; type: string }): boolean {
  if (file.type) return IMAGE_TYPES.includes(file.type.toLowerCase());
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension(file.name));
}

/** Splits chosen files into the allowed ones and the names of the others. */
export function splitFiles<T extends { name: string; type: string }>(files: readonly T[]) {
  return {
    accepted: files.filter(isImageFile),
    rejected: files.filter((f) => !isImageFile(f)).map((f) => f.name),
  };
}

/** The spec's rejection message followed by the names of the files. */
export const invalidFilesMessage = (names: readonly string[]) =>
  `${messages.listing.imagesInvalid}: ${names.join(', ')}`;

/** Whether adding `adding` photos to `current` would pass the maximum of 20. */
export const exceedsMaximum = (current: number, adding: number) =>
  current + adding > limits.imagesMax;

/** The size that fits `max` on the longer side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max: number = limits.imageMaxSide) {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A data URL to show a stored base64 JPEG. */
export const photoSrc = (image: string) =>
  image.startsWith('data:') ? image : `data:image/jpeg;base64,${image}`;
