import { format } from 'date-fns/format';
import { REGISTRATION_PATTERN } from '#shared/schemas/listing-fields.ts';

/** One choice of the registration expiry field: null means 'Not registered'. */
export interface RegistrationChoice {
  value: string | null;
  label: string;
}

export const NOT_REGISTERED = 'Not registered';
const MONTHS_OFFERED = 12;

const toKey = (value: string) => Number(value.slice(3) + value.slice(0, 2));
const label = (value: string) =>
  format(new Date(Number(value.slice(3)), Number(value.slice(0, 2)) - 1, 1), 'MMMM yyyy');

/**
 * 'Not registered' plus twelve MM.yyyy choices starting from the current month; a month earlier
 * than the current one falls in the next year. A stored value outside those twelve (an edit of
 * an older listing) is kept as one more choice, in date order, so editing does not lose it.
 */
export function registrationChoices(now: Date, stored?: string | null): RegistrationChoice[] {
  const current = now.getMonth();
  const year = now.getFullYear();
  const values = Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const month = (current + i) % 12;
    const y = month < current ? year + 1 : year;
    return `${String(month + 1).padStart(2, '0')}.${y}`;
  });
  if (stored && REGISTRATION_PATTERN.test(stored) && !values.includes(stored)) {
    values.push(stored);
    values.sort((a, b) => toKey(a) - toKey(b));
  }
  return [
    { value: null, label: NOT_REGISTERED },
    ...values.map((value) => ({ value, label: label(value) })),
  ];
}
