import path from 'node:path';
import type { Config } from '../config.ts';
import { localStorage, type Storage } from './storage.ts';

/**
 * The storage STORAGE_URL names: an S3-compatible bucket, or local disk under DATA_DIR/uploads.
 * The S3 client (about 6 MB of heap and its code) is loaded only when a bucket is named.
 */
export async function storageFor(
  config: Pick<Config, 'STORAGE_URL' | 'DATA_DIR'>,
): Promise<Storage> {
  if (config.STORAGE_URL) {
    const { parseS3Url, s3Storage } = await import('./s3.ts');
    return s3Storage(parseS3Url(config.STORAGE_URL));
  }
  return localStorage(path.join(config.DATA_DIR, 'uploads'));
}
