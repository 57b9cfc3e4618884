import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What an answer may be sent as, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number] | 'identity';

const ACCEPTS = {
  br: /(?:^|,)\s*br\s*(?:;\s*q=([0-9.]+))?/,
  gzip: /(?:^|,)\s*gzip\s*(?:;\s*q=([0-9.]+))?/,
};

/** The answers of `negotiate` to the headers browsers send (a few strings, asked again and again). */
const negotiated = new Map<string, Encoding>();

/** Picks the best encoding an Accept-Encoding header accepts. */
export function negotiate(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? '';
  const known = negotiated.get(header);
  if (known) return known;
  const encoding = pick(header.toLowerCase());
  if (negotiated.size >= 256) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

function pick(accepted: string): Encoding {
  for (const encoding of ENCODINGS) {
    const match = ACCEPTS[encoding].exec(accepted);
    if (match && (match[1] === undefined || Number(match[1]) > 0)) return encoding;
  }
  return 'identity';
}

/**
 * A body to keep, in memory of its own size. zlib answers with views of its 64 KB output
 * chunks, and Buffer.from copies into 64 KB pools: a 12 KB page kept either way would hold
 * 64 KB, five times what a cache counts.
 */
export function toKeep(body: Buffer) {
  if (body.byteLength === body.buffer.byteLength) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

/** A body compressed once to be kept and sent many times (a cached page): brotli. */
export const compressToKeep = async (body: Buffer) =>
  toKeep(
    await brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );

export const etagOf = (body: Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * `body` in one encoding, for answers made once (API reads, pages not kept): small bodies on this
 * thread, large ones on the thread pool. Brotli at its fastest quality: an answer compressed once
 * gains less from higher qualities than they cost.
 */
export async function compressOne(body: Buffer, encoding: Exclude<Encoding, 'identity'>) {
  const small = body.length < 64 * 1024;
  if (encoding === 'gzip')
    return small ? gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 });
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return small ? brotliCompressSync(body, options) : brotli(body, options);
}
