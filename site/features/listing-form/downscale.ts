import { readAsDataUrl, stripDataUrl } from '../../lib/files.ts';
import { fitWithin, JPEG_QUALITY } from './photos.ts';

/**
 * Decodes a photo in the browser, fits it into 840 px on the longer side and re-encodes it as
 * JPEG at quality 0.8: base64 without the data: prefix. Rejects when the file is not a readable
 * image.
 */
export async function downscaleToJpeg(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas to resize the photo on');
    // JPEG has no transparency: transparent areas of a PNG or WebP become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) throw new Error('The photo could not be encoded');
    return stripDataUrl(await readAsDataUrl(blob));
  } finally {
    bitmap.close();
  }
}
