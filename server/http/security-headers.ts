import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * The policy of every answer that is no page of ours (API answers, images, static files): it
 * loads nothing, runs nothing, and cannot be framed. Pages bring their own (see `pagePolicy`).
 */
export const NOTHING_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of the service worker (/sw.js), which governs what the worker itself may do: it
 * fetches pages and files of this origin for the offline cache, and runs no other script.
 */
export const WORKER_POLICY =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The hash a Content-Security-Policy allows an inline script or style element by. */
export const cspHash = (text: string | Buffer) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy of a page the API renders itself (the sandbox checkout, the API reference): the
 * page's own origin, its inline elements by hash, no framing.
 */
export function pagePolicy(sources: { script?: string[]; style?: string[]; img?: string[] }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${(sources.script ?? []).join(' ')}`.trimEnd(),
    `style-src 'self' ${(sources.style ?? []).join(' ')}`.trimEnd(),
    `img-src 'self' ${(sources.img ?? []).join(' ')}`.trimEnd(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers every answer carries, pages, API, images and files alike: no framing, no content
 * sniffing, no full address to other sites, no powerful features, and HTTPS only once the site
 * is served over it (PUBLIC_URL).
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  return {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(new URL(publicUrl).protocol === 'https:'
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Wraps the process's request listener: the security headers go on the response before anything
 * answers, so the page cache, the rendered site, the files and the API all send them (headers an
 * answer sets itself take precedence).
 */
export function withSecurityHeaders(publicUrl: string, listener: Listener): Listener {
  const headers = Object.entries(securityHeaders(publicUrl));
  return (req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    listener(req, res);
  };
}

/**
 * `NOTHING_POLICY` on an answer without a policy of its own. Not on a 304: the browser would
 * store it over the policy of the page it already has.
 */
export const defaultPolicy: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 304 && !c.res.headers.has('Content-Security-Policy'))
    c.header('Content-Security-Policy', NOTHING_POLICY);
};
