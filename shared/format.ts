/** Formatters every client shares: prices, numbers and the spec's date formats. */
import { format } from 'date-fns/format';

/** One formatter for every number: making one costs far more than using it. */
const numbers = new Intl.NumberFormat('en-MT');

/** Prices: number formatting plus the currency (default euro). */
export const price = (value: number, currency = '€') => `${currency}${numbers.format(value)}`;

export const number = (value: number) => numbers.format(value);

/** 'dd MMM yyyy, HH:mm' for UTC timestamps, shown in the reader's time. */
export const dateTime = (iso: string) => format(new Date(iso), 'dd MMM yyyy, HH:mm');

/** 'dd MMM yyyy' (subscription dates). */
export const date = (iso: string) => format(new Date(iso), 'dd MMM yyyy');

/**
 * A car's name: make, model and the seller's title, saying the make and model once when the
 * title already starts with them ('Toyota Yaris 1.5 Hybrid', not 'Toyota Yaris Toyota Yaris …').
 */
export function carName(make: string, model: string, title: string): string {
  const named = `${make} ${model}`.trim();
  const text = title.trim();
  const said = text.slice(0, named.length).toLowerCase() === named.toLowerCase();
  if (said && !/\w/.test(text.charAt(named.length))) return text;
  return `${named} ${text}`.trim();
}
