import { decodeImage, toJpeg } from '../images/process.ts';
import type { Storage } from '../storage/storage.ts';

/** Stores a company logo (checked by its bytes, re-encoded, metadata removed); returns its key. */
export async function saveLogo(storage: Storage, base64: string): Promise<string> {
  const bytes = await decodeImage(base64, 'Logo');
  const image = await toJpeg(bytes, 400);
  const key = `logos/${image.hash}.jpg`;
  await storage.put(key, image.body, 'image/jpeg');
  return key;
}
