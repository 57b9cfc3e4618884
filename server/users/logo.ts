import { uploadAsJpeg } from '../images/process.ts';
import { newKey, withFiles, type Storage, type StorageFile } from '../storage/storage.ts';

/** A company logo made from its upload (checked by its bytes, re-encoded, no metadata), not yet stored. */
export async function prepareLogo(base64: string): Promise<StorageFile> {
  const image = await uploadAsJpeg(base64, 'Logo', 400);
  return { key: newKey('logos'), body: image.body, contentType: 'image/jpeg' };
}

/** Makes and stores a logo at once (for callers with no row to write); returns its key. */
export async function saveLogo(storage: Storage, base64: string): Promise<string> {
  const logo = await prepareLogo(base64);
  return withFiles(storage, [logo], async () => logo.key);
}
