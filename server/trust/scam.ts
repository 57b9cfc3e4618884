import type { ScamKind, ScamMatch } from '#shared/schemas/trust.ts';

/**
 * Patterns of scam listings: contact moved off the site (phone numbers, e-mail, links, messaging
 * handles), foreign phone prefixes (a Maltese number is +356 and 8 digits), and the phrases of
 * advance-payment fraud. A match flags the listing for a closer look; it never refuses it.
 */
const patterns: [ScamKind, RegExp][] = [
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi],
  [
    'url',
    /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|net|org|info|biz|io|co|me|ru|xyz|mt)(?:\/\S*)?\b/gi,
  ],
  ['foreign-phone', /(?:\+|\b00)(?!356)[1-9]\d{0,2}[\s.-]?\(?\d[\d\s().-]{5,}\d/g],
  ['phone', /(?:\+356|\b00356)?[\s.-]?\b[279]\d{3}[\s.-]?\d{4}\b/g],
  [
    'handle',
    /\b(?:whats\s?app|telegram|viber|signal|wechat|snapchat|insta(?:gram)?|messenger)\b|(?<![\w.])@[a-z]\w{2,}/gi,
  ],
  [
    'payment',
    /\b(?:deposits?|western\s+union|money\s?gram|gift\s?cards?|i?tunes\s+cards?|steam\s+cards?|pay(?:ment)?\s+(?:first|upfront|up\s+front|in\s+advance|before)|advance\s+payment|shipping|shipment|courier|escrow|bank\s+transfer\s+only|crypto|bitcoin|usdt|paysafe(?:card)?)\b/gi,
  ],
];

/** Every scam pattern in the title and description, in the order they appear, overlaps dropped. */
export function scanText(fields: { title: string; description: string }): ScamMatch[] {
  const found: ScamMatch[] = [];
  for (const field of ['title', 'description'] as const) {
    const text = fields[field];
    const matches: ScamMatch[] = [];
    for (const [kind, pattern] of patterns) {
      for (const match of text.matchAll(pattern)) {
        const raw = match[0];
        const lead = raw.length - raw.trimStart().length;
        const start = match.index + lead;
        const end = match.index + raw.trimEnd().length;
        if (matches.some((m) => start < m.end && end > m.start)) continue;
        matches.push({ field, kind, start, end, text: text.slice(start, end) });
      }
    }
    found.push(...matches.sort((a, b) => a.start - b.start));
  }
  return found;
}
