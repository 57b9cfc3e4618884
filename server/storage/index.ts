import path from 'node:path';
import type { Config } from '../config.ts';
import { parseS3Url, s3Storage } from './s3.ts';
import { localStorage, type Storage } from './storage.ts';

/** The storage STORAGE_URL names: an S3-compatible bucket, or local disk under DATA_DIR/uploads. */
export function storageFor(config: Pick<Config, 'STORAGE_URL' | 'DATA_DIR'>): Storage {
  if (config.STORAGE_URL) return s3Storage(parseS3Url(config.STORAGE_URL));
  return localStorage(path.join(config.DATA_DIR, 'uploads'));
}
