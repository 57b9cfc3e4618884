import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|xml|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes a `.br` and a `.gz` beside every script, style sheet and text file of the built site,
 * once, at the highest levels, so the server sends static files compressed at no cost.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'spotted:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let count = 0;
        for await (const file of files(root)) {
          if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          count += 1;
        }
        logger.info(`${count} files compressed (brotli and gzip)`);
      },
    },
  };
}
