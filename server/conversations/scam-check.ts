/**
 * The simple scam-pattern check of conversations: a message that asks for payment before the
 * buyer has seen the car, or moves the contact off Spotted (a phone number, an e-mail address, a
 * link, a messenger). The recipient sees a warning beside such a message; nothing is blocked.
 * Kept alone behind `looksLikeScam` so a trust-and-safety module can replace it.
 */

const patterns: RegExp[] = [
  // Payment first, and the ways of paying that cannot be taken back.
  /\b(deposit|down ?payment|advance payment|pay (first|upfront|up front|in advance)|prepay(ment)?)\b/i,
  /\b(western union|moneygram|money gram|gift ?cards?|itunes cards?|paysafe(card)?|crypto|bitcoin|btc|usdt)\b/i,
  /\b(wire|bank) transfer\b/i,
  /\b(shipping|delivery) (fee|agent|company)\b/i,
  // Contact off the site: e-mail addresses, links, messengers and phone numbers.
  /[\w.+-]+@[\w-]+\.[\w.-]+/,
  /\b(https?:\/\/|www\.)\S+/i,
  /\b[\w-]+\.(com|net|org|info|io|me|ly|mt|co\.uk)\b/i,
  /\b(whats ?app|telegram|viber|wechat|snapchat)\b/i,
];

/** Digit runs with spaces, dots, dashes or brackets between them: a phone number has 8 or more. */
const digitRuns = /\+?\d[\d\s().-]*\d/g;
const hasPhoneNumber = (text: string) =>
  [...text.matchAll(digitRuns)].some(([run]) => run.replace(/\D/g, '').length >= 8);

/** Whether a message should carry the scam warning to its recipient. */
export function looksLikeScam(text: string): boolean {
  return hasPhoneNumber(text) || patterns.some((pattern) => pattern.test(text));
}
