import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AstroUserConfig } from 'astro';

const BEFORE_PAINT = new URL('../scripts/before-paint/', import.meta.url);

/**
 * The hashes of the scripts that run before paint (site/components/InlineScript.astro): every file
 * of site/scripts/before-paint, as the pages inline it.
 */
function beforePaintHashes() {
  return readdirSync(BEFORE_PAINT)
    .filter((name) => name.endsWith('.js'))
    .map(
      (name) =>
        `sha256-${createHash('sha256')
          .update(readFileSync(new URL(name, BEFORE_PAINT)))
          .digest('base64')}` as const,
    );
}

/**
 * Photos come from this origin, or from the public bucket when the build is given
 * STORAGE_PUBLIC_URL (/images/… then redirects there, and the policy follows redirects).
 */
const imageSources = () => {
  const bucket = process.env.STORAGE_PUBLIC_URL;
  return ["'self'", 'data:', 'blob:', ...(bucket ? [new URL(bucket).origin] : [])].join(' ');
};

/**
 * The pages' Content-Security-Policy. Astro sends it as each page's header with the hashes of the
 * inline scripts and styles it renders (its islands' loaders, the inlined stylesheets) and ours;
 * the header is kept with the page in the page cache. Scripts run only from this origin or by
 * hash; so do <style> elements. Style attributes are allowed (React renders sizes and positions
 * as attributes; an attribute cannot load or run anything the other directives allow). The
 * back-office's pages allow inline style elements too (layouts/Admin.astro): MUI inserts them at
 * run time.
 */
export const contentSecurityPolicy = {
  directives: [
    "default-src 'self'",
    `img-src ${imageSources()}`,
    "connect-src 'self'",
    // The service worker (/sw.js) and the web app manifest, from this origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ],
  scriptDirective: { hashes: beforePaintHashes() },
  styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
} satisfies NonNullable<AstroUserConfig['security']>['csp'];
