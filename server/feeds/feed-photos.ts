import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { unzipSync } from 'fflate';
import { feedLimits } from '#shared/schemas/feed.ts';
import { badRequest } from '../http/errors.ts';
import { MAX_IMAGE_BYTES } from '../images/process.ts';
import { isPrivateLiteral, publicLookup } from '../push/push-address.ts';

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The photos of a ZIP by their file name (folders ignored); files over the photo cap are left out. */
export function readPhotosZip(bytes: Buffer): Map<string, Buffer> {
  if (bytes.length > feedLimits.zipBytes) throw badRequest('The ZIP is too large');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      // Sizes are read from the archive before anything is inflated: no bomb gets unpacked.
      filter: (file) => !file.name.endsWith('/') && file.originalSize <= MAX_IMAGE_BYTES,
    });
  } catch {
    throw badRequest('The ZIP could not be read');
  }
  return new Map(
    Object.entries(files).map(([name, data]) => [name.split('/').pop() ?? name, Buffer.from(data)]),
  );
}

/** Why a photo could not be had: named in the line's refusal. */
export class PhotoFailure extends Error {}

const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/** What a server said of the copy we keep: an ETag, a Last-Modified date (either may be absent). */
export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

/** A fetch's answer: the body with its validators, or 'not modified' when ours is still good. */
export type Fetched =
  | { notModified: false; bytes: Buffer; etag: string | null; lastModified: string | null }
  | { notModified: true };

/**
 * The bytes of a photo at an http(s) address, within the photo cap (fetchPublic). Unless private addresses are
 * allowed, the host must be on the public internet, checked at the connection itself (the
 * lookup push uses), so no feed can make the server reach inside its own network.
 */
export const fetchPhoto = (url: string, privateAddresses: boolean, kept: Validators = {}) =>
  fetchPublic(url, privateAddresses, MAX_IMAGE_BYTES, kept);

/** The request headers that ask whether a kept copy is still good (HTTP conditional requests). */
const conditional = (kept: Validators) => ({
  ...(kept.etag ? { 'if-none-match': kept.etag } : {}),
  ...(kept.lastModified ? { 'if-modified-since': kept.lastModified } : {}),
});

/**
 * The body at an http(s) address, within `maxBytes`, from public addresses only unless allowed.
 * With the validators of a copy we keep, the request is conditional: a 304 answers
 * `notModified` and the copy stays.
 */
export async function fetchPublic(
  url: string,
  privateAddresses: boolean,
  maxBytes: number,
  kept: Validators = {},
  redirects = 0,
): Promise<Fetched> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PhotoFailure('not an address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new PhotoFailure('not an http(s) address');
  if (!privateAddresses && isPrivateLiteral(url)) throw new PhotoFailure('not a public address');
  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      parsed,
      {
        timeout: FETCH_TIMEOUT_MS,
        headers: conditional(kept),
        ...(privateAddresses ? {} : { lookup: publicLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) return reject(new PhotoFailure('too many redirects'));
          return resolve(
            fetchPublic(
              new URL(location, parsed).toString(),
              privateAddresses,
              maxBytes,
              kept,
              redirects + 1,
            ),
          );
        }
        if (status === 304 && (kept.etag || kept.lastModified)) {
          response.resume();
          return resolve({ notModified: true });
        }
        if (status !== 200) {
          response.resume();
          return reject(new PhotoFailure(`the server answered ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(new PhotoFailure(`larger than ${maxBytes / 1024 / 1024} MB`));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            notModified: false,
            bytes: Buffer.concat(chunks),
            etag: response.headers.etag ?? null,
            lastModified: response.headers['last-modified'] ?? null,
          }),
        );
        response.on('error', (err) => reject(new PhotoFailure(err.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', (err: NodeJS.ErrnoException) =>
      reject(new PhotoFailure(err.code === 'ENOTPUBLIC' ? 'not a public address' : err.message)),
    );
  });
}
