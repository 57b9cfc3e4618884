import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A stored object as a listing of the storage shows it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** A stored object opened for sending: its bytes as a stream, and its size when known. */
export interface OpenedObject {
  body: ReadableStream<Uint8Array>;
  size: number | null;
}

/**
 * Where uploaded images live: local disk or an S3-compatible bucket (server/storage/s3.ts).
 * Keys are relative paths such as `logos/ab12cd.jpg`; an unsafe key is refused by every method.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** The stored bytes as a stream (to send), or null when there is no such object. */
  open(key: string): Promise<OpenedObject | null>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every stored object, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /** Throws when the storage cannot be reached (checked at start). */
  check(): Promise<void>;
}

/** How photos are cached wherever they are served from: a key never changes meaning. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

// Images, and the ZIP archives of data exports (never served under /images: not an image type).
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(jpg|jpeg|png|webp|avif|zip)$/i;

/** Whether `key` may name a stored object: a relative path of an image or an archive, no way out of the root. */
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * A key in `folder` that no other upload has or will have. A file is never overwritten, so a key
 * never changes meaning, and removing one request's files can never remove another's.
 */
export const newKey = (folder: string, extension = 'jpg'): string =>
  `${folder}/${randomBytes(12).toString('hex')}.${extension}`;

/** A file to store: its key, bytes and content type. */
export interface StorageFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * Writes `files`, then runs `commit` (the database write that names them). When a write or the
 * commit fails, the files written are removed again, so a failed request leaves none behind; a
 * process that dies in between leaves them to the orphan sweep.
 */
export async function withFiles<T>(
  storage: Storage,
  files: readonly StorageFile[],
  commit: () => Promise<T>,
): Promise<T> {
  try {
    for (const file of files) await storage.put(file.key, file.body, file.contentType);
    return await commit();
  } catch (err) {
    await Promise.allSettled(files.map((file) => storage.delete(file.key)));
    throw err;
  }
}

/** Local disk under `root` (./data/uploads by default). */
export function localStorage(root: string): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async open(key) {
      const handle = await open(full(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      const { size } = await handle.stat();
      const stream = handle.createReadStream();
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async *list() {
      const dir = await opendir(root, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!dir) return;
      for await (const entry of dir) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        // A file removed since the folder was read is simply no longer listed.
        const info = await stat(file).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
  };
}
