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

/**
 * The bytes of a photo at an http(s) address, within the photo cap (fetchPublic). Unless private addresses are
 * allowed, the host must be on the public internet, checked at the connection itself (the
 * lookup push uses), so no feed can make the server reach inside its own network.
 */
export const fetchPhoto = (url: string, privateAddresses: boolean) =>
  fetchPublic(url, privateAddresses, MAX_IMAGE_BYTES);

/** The body at an http(s) address, within `maxBytes`, from public addresses only unless allowed. */
export async function fetchPublic(
  url: string,
  privateAddresses: boolean,
  maxBytes: number,
  redirects = 0,
): Promise<{ bytes: Buffer; etag: string | null }> {
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
      { timeout: FETCH_TIMEOUT_MS, ...(privateAddresses ? {} : { lookup: publicLookup }) },
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
              redirects + 1,
            ),
          );
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
          resolve({ bytes: Buffer.concat(chunks), etag: response.headers.etag ?? null }),
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
