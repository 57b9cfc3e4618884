/**
 * The HTML of an admin's notification, made safe for the dropdown and the notifications screen,
 * and its plain-text form for the e-mail.
 *
 * An allowlist, not a blocklist: the input is split into text, tags and comments, and the output
 * is written anew from what is allowed. Text is escaped, attribute values are decoded, checked and
 * quoted again, comments are dropped and every open tag is closed, so nothing of the input reaches
 * the output unread. Script, style and embedding elements go with their contents; any other
 * unknown tag goes but keeps its text.
 */

interface Attribute {
  name: string;
  value: string;
}

type Token =
  | { type: 'text'; text: string }
  | { type: 'start'; name: string; attributes: Attribute[] }
  | { type: 'end'; name: string };

const ALLOWED = new Set([
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
]);
const VOID = new Set(['br', 'hr']);
/** Removed together with everything inside them. */
const DROPPED = new Set([
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
]);
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
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

const isSpace = (ch: string) =>
  ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';
const isLetter = (ch: string) => /^[a-z]$/i.test(ch);

/** Reads a tag from just after `<` or `</`; undefined when the input ends inside it. */
function readTag(s: string, from: number) {
  const n = s.length;
  let i = from;
  while (i < n && !isSpace(s.charAt(i)) && s.charAt(i) !== '/' && s.charAt(i) !== '>') i++;
  const name = s.slice(from, i).toLowerCase();
  const attributes: Attribute[] = [];
  for (;;) {
    while (i < n && (isSpace(s.charAt(i)) || s.charAt(i) === '/')) i++;
    if (i >= n) return undefined;
    if (s.charAt(i) === '>') return { name, attributes, end: i + 1 };
    let j = i + 1;
    while (j < n && !isSpace(s.charAt(j)) && !'/>='.includes(s.charAt(j))) j++;
    const attributeName = s.slice(i, j).toLowerCase();
    i = j;
    while (i < n && isSpace(s.charAt(i))) i++;
    let value = '';
    if (s.charAt(i) === '=') {
      i++;
      while (i < n && isSpace(s.charAt(i))) i++;
      const quote = s.charAt(i);
      if (quote === '"' || quote === "'") {
        const close = s.indexOf(quote, i + 1);
        if (close < 0) return undefined;
        value = s.slice(i + 1, close);
        i = close + 1;
      } else {
        let k = i;
        while (k < n && !isSpace(s.charAt(k)) && s.charAt(k) !== '>') k++;
        value = s.slice(i, k);
        i = k;
      }
    }
    attributes.push({ name: attributeName, value });
  }
}

/** The index after the end tag of the dropped element `name`, or the end of the input. */
function skipContent(s: string, from: number, name: string): number {
  const close = new RegExp(`</${name}[\\s/>]`, 'gi');
  close.lastIndex = from;
  const match = close.exec(s);
  if (!match) return s.length;
  const gt = s.indexOf('>', match.index);
  return gt < 0 ? s.length : gt + 1;
}

/** Splits HTML the way a browser reads it, closely enough for an allowlist. */
function tokenize(html: string): Token[] {
  const s = html.replace(/\0/g, '');
  const tokens: Token[] = [];
  let textStart = 0;
  let i = 0;
  const flush = (end: number) => {
    if (end > textStart) tokens.push({ type: 'text', text: s.slice(textStart, end) });
  };
  const skipTo = (next: number) => {
    i = next;
    textStart = next;
  };
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) break;
    const next = s.charAt(lt + 1);
    if (isLetter(next)) {
      flush(lt);
      const tag = readTag(s, lt + 1);
      if (!tag) {
        skipTo(s.length);
      } else if (DROPPED.has(tag.name)) {
        skipTo(skipContent(s, tag.end, tag.name));
      } else {
        tokens.push({ type: 'start', name: tag.name, attributes: tag.attributes });
        skipTo(tag.end);
      }
    } else if (next === '/' && isLetter(s.charAt(lt + 2))) {
      flush(lt);
      const tag = readTag(s, lt + 2);
      if (tag) tokens.push({ type: 'end', name: tag.name });
      skipTo(tag ? tag.end : s.length);
    } else if (next === '!' || next === '?' || (next === '/' && lt + 2 < s.length)) {
      // Comments, doctypes, processing instructions and `</>` or `</ ...>`: dropped.
      flush(lt);
      const comment = s.startsWith('<!--', lt);
      const end = comment ? s.indexOf('-->', lt + 4) : s.indexOf('>', lt + 1);
      skipTo(end < 0 ? s.length : end + (comment ? 3 : 1));
    } else {
      i = lt + 1; // a lone `<` is text
    }
  }
  flush(s.length);
  return tokens;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  euro: '€',
  copy: '©',
  reg: '®',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** Decodes numeric and common named character references; others stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const code = Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Escapes text, keeping character references the author wrote (`&eacute;` stays é). */
const escapeText = (text: string) =>
  text
    .replace(/&(?!(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A link target that is safe to follow: http, https, mailto, tel or relative. Decoded and cleaned
 * as a browser would (tabs and newlines removed, control characters and spaces trimmed), so
 * `jav&#x09;ascript:` is caught; undefined when unsafe.
 */
export function safeUrl(raw: string): string | undefined {
  let url = '';
  for (const ch of decodeEntities(raw)) {
    const code = ch.charCodeAt(0);
    if (code > 0x1f && code !== 0x7f) url += ch; // tabs, newlines and other controls go
  }
  url = url.trim();
  if (!url) return undefined;
  const colon = url.indexOf(':');
  const pathStart = url.search(/[/?#]/);
  if (colon < 0 || (pathStart >= 0 && pathStart < colon)) return url;
  return SAFE_SCHEMES.has(url.slice(0, colon).toLowerCase()) ? url : undefined;
}

function linkAttributes(attributes: Attribute[]): string {
  let out = '';
  let href: string | undefined;
  for (const { name, value } of attributes) {
    if (name === 'href' && href === undefined) {
      href = safeUrl(value);
      if (href !== undefined) out += ` href="${escapeAttribute(href)}"`;
    } else if (name === 'title') {
      out += ` title="${escapeAttribute(decodeEntities(value))}"`;
    }
  }
  // Links leave the site in a new tab, without access to it.
  if (href !== undefined) out += ' target="_blank" rel="noopener noreferrer nofollow"';
  return out;
}

/** Keeps the allowed markup of `html` (see the list above) and nothing else. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  for (const token of tokenize(html)) {
    if (token.type === 'text') {
      out += escapeText(token.text);
    } else if (token.type === 'start') {
      if (!ALLOWED.has(token.name)) continue;
      out += `<${token.name}${token.name === 'a' ? linkAttributes(token.attributes) : ''}>`;
      if (!VOID.has(token.name)) open.push(token.name);
    } else {
      const at = open.lastIndexOf(token.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out.trim();
}

/** The text of `html` for a plain-text e-mail: line breaks for blocks, links as "text (url)". */
export function htmlToText(html: string): string {
  let out = '';
  const links: (string | undefined)[] = [];
  for (const token of tokenize(html)) {
    if (token.type === 'text') {
      out += decodeEntities(token.text).replace(/\s+/g, ' ');
    } else if (token.type === 'start') {
      if (token.name === 'br') out += '\n';
      else if (token.name === 'li') out += '\n- ';
      else if (BLOCK.has(token.name)) out += '\n';
      if (token.name === 'a') {
        const href = token.attributes.find((a) => a.name === 'href');
        links.push(href ? safeUrl(href.value) : undefined);
      }
    } else {
      if (BLOCK.has(token.name)) out += '\n';
      if (token.name === 'a') {
        const href = links.pop();
        if (href && !out.trimEnd().endsWith(href)) out += ` (${href})`;
      }
    }
  }
  return out
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
