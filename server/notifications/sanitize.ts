import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import sanitize from 'sanitize-html';

/**
 * The HTML of an admin's notification, made safe for the dropdown and the notifications screen
 * (sanitize-html, with an allowlist), and its plain-text form for the e-mail (htmlparser2).
 */

/** Formatting and links; any other tag goes but keeps its text. */
const ALLOWED = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'small',
  'sub',
  'sup',
  'code',
  'pre',
];
/** Removed together with everything inside them. */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'select',
  'svg',
  'math',
  'head',
];
const droppedTags = new Set(DROPPED);
/** What starts a new line in the plain text. */
const BLOCK = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
]);
const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/**
 * A link target that is safe to follow: http, https, mailto, tel or relative. Decoded and cleaned
 * as a browser would (tabs and newlines removed, control characters and spaces trimmed), so
 * `jav&#x09;ascript:` is caught; undefined when unsafe.
 */
export function safeUrl(raw: string): string | undefined {
  let url = '';
  for (const ch of decodeHTML(raw)) {
    const code = ch.charCodeAt(0);
    if (code > 0x1f && code !== 0x7f) url += ch; // tabs, newlines and other controls go
  }
  url = url.trim();
  if (!url) return undefined;
  const colon = url.indexOf(':');
  const pathStart = url.search(/[/?#]/);
  if (colon < 0 || (pathStart >= 0 && pathStart < colon)) return url;
  return SAFE_SCHEMES.includes(url.slice(0, colon).toLowerCase()) ? url : undefined;
}

const options: sanitize.IOptions = {
  allowedTags: ALLOWED,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED,
  // Links leave the site in a new tab, without access to it; one with no safe target is text.
  transformTags: {
    a: (tagName, { href, title }) => {
      const safe = href === undefined ? undefined : safeUrl(href);
      return {
        tagName,
        attribs: {
          ...(safe === undefined ? {} : { href: safe }),
          ...(title === undefined ? {} : { title }),
          ...(safe === undefined ? {} : { target: '_blank', rel: 'noopener noreferrer nofollow' }),
        },
      };
    },
  },
};

/** Keeps the allowed markup of `html` (see the lists above) and nothing else. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options).trim();
}

/** The text of `html` for a plain-text e-mail: line breaks for blocks, links as "text (url)". */
export function htmlToText(html: string): string {
  let out = '';
  const links: (string | undefined)[] = [];
  let dropped = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (droppedTags.has(name)) dropped++;
        if (name === 'br') out += '\n';
        else if (name === 'li') out += '\n- ';
        else if (BLOCK.has(name)) out += '\n';
        if (name === 'a') links.push(attributes.href ? safeUrl(attributes.href) : undefined);
      },
      ontext(text) {
        if (!dropped) out += text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (droppedTags.has(name)) dropped--;
        if (BLOCK.has(name)) out += '\n';
        if (name === 'a') {
          const href = links.pop();
          if (href && !out.trimEnd().endsWith(href)) out += ` (${href})`;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return out
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
