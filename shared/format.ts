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
