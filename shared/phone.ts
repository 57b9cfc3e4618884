import { prefixes } from './limits.ts';

/**
 * A phone number as the forms keep it: without spaces or dashes, and without Malta's country code
 * when it was typed in (+356 or 00356 and the eight digits); a foreign number keeps its own.
 */
export function localPhone(value: string, prefix: string = prefixes.phone): string {
  const compact = value.replace(/[\s-]/g, '');
  const code = prefix.replace(/^\+/, '');
  for (const lead of [`+${code}`, `00${code}`])
    if (compact.startsWith(lead) && compact.length > lead.length) return compact.slice(lead.length);
  return compact;
}

/**
 * A phone number as shown: a Maltese one after the prefix in two groups of four
 * ('+356 7912 3456'), a foreign one as it was given ('+44 20 7946 0958').
 */
export function phoneLabel(value: string, prefix: string = prefixes.phone): string {
  const local = localPhone(value, prefix);
  if (/^(\+|00)/.test(local)) return value.trim();
  return /^\d{8}$/.test(local)
    ? `${prefix} ${local.slice(0, 4)} ${local.slice(4)}`
    : `${prefix} ${local}`;
}
