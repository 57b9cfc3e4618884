import type { ScamKind, ScamMatch } from '#shared/schemas/trust.ts';

/**
 * Patterns of scams, in listings and in conversations' messages: contact moved off the site
 * (phone numbers, e-mail, links, messaging handles), foreign phone prefixes (a Maltese number is
 * +356 and 8 digits), and the phrases of advance-payment fraud. A match flags the listing for a
 * closer look, or puts a warning beside the message; it never refuses either.
 */
const patterns: [ScamKind, RegExp][] = [
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi],
  [
    'url',
    /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|net|org|info|biz|io|co|me|ly|ru|xyz|mt)(?:\/\S*)?\b/gi,
  ],
  ['foreign-phone', /(?:\+|\b00)(?!356)[1-9]\d{0,2}[\s.-]?\(?\d[\d\s().-]{5,}\d/g],
  ['phone', /(?:\+356|\b00356)?[\s.-]?\b[279]\d{3}[\s.-]?\d{4}\b/g],
  [
    'handle',
    /\b(?:whats\s?app|telegram|viber|signal|wechat|snapchat|insta(?:gram)?|messenger)\b|(?<![\w.])@[a-z]\w{2,}/gi,
  ],
  // A deposit asked for is an advance payment; a finance offer's share ('a 10% deposit', 'deposit
  // of 20%', 'low deposit') is a dealer's ordinary term.
  [
    'payment',
    /\b(?:(?<!%\s{0,2}|\b(?:low|small|no|zero|minimum)\s)deposits?(?!\s+(?:of\s+)?\d+(?:\.\d+)?\s?%)|down\s?payment|prepay(?:ment)?|western\s+union|money\s?gram|gift\s?cards?|i?tunes\s+cards?|steam\s+cards?|pay(?:ment)?\s+(?:first|upfront|up\s+front|in\s+advance|before)|advance\s+payment|shipping|shipment|courier|delivery\s+(?:fee|agent|company)|escrow|(?:wire|bank)\s+transfer(?:\s+only)?|crypto|bitcoin|btc|usdt|paysafe(?:card)?)\b/gi,
  ],
];

/** Every scam pattern in one text, in the order they appear, overlaps dropped. */
function scan<F>(field: F, text: string) {
  const matches: { field: F; kind: ScamKind; start: number; end: number; text: string }[] = [];
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
  return matches.sort((a, b) => a.start - b.start);
}

/** Every scam pattern in a listing's title and description, in the order they appear. */
export function scanText(fields: { title: string; description: string }): ScamMatch[] {
  return [
    ...scan('title' as const, fields.title),
    ...scan('description' as const, fields.description),
  ];
}

/** Digit runs with spaces, dots, dashes or brackets between them. */
const digitRuns = /\+?\d[\d\s().-]*\d/g;

/**
 * Whether a conversation's message carries the scam warning to its recipient: a scam pattern, or
 * any run of 8 or more digits (a phone number however written; a message, unlike a listing's
 * description, has no lists of years and prices that would read as one).
 */
export function looksLikeScam(text: string): boolean {
  return (
    scan('message', text).length > 0 ||
    [...text.matchAll(digitRuns)].some(([run]) => run.replace(/\D/g, '').length >= 8)
  );
}
