/** What the read-only user details screen shows, as plain values. */
import { date, dateTime } from '#shared/format.ts';
import { prefixes, roles } from '#shared/limits.ts';
import { subscriptionStates } from '#shared/promotion.ts';
import type { CarCard, ListingState } from '#shared/schemas/listing-display.ts';
import type { User } from '#shared/schemas/user.ts';

export interface DetailRow {
  label: string;
  value: string;
}

/** `value` with `prefix` in front, unless it already starts with it; '' when there is none. */
export function prefixed(prefix: string, value: string | null | undefined, separator = '') {
  const v = value?.trim();
  if (!v) return '';
  return v.toUpperCase().startsWith(prefix.toUpperCase()) ? v : `${prefix}${separator}${v}`;
}

/**
 * The General information tab. A company (role 3) shows its name, C number (prefix C) and VAT
 * number (prefix MT) and up to three phones; anyone else their first and last name and date of
 * birth and one phone. Everyone shows email (and when it was confirmed, or No), city, address and
 * phone (prefix +356).
 */
export function generalRows(user: User): DetailRow[] {
  const company = user.role === roles.company;
  const phone = (v: string) => prefixed(prefixes.phone, v, ' ');
  const rows: DetailRow[] = company
    ? [
        { label: 'Company name', value: user.firstName },
        { label: 'C number', value: prefixed(prefixes.cNumber, user.cNumber) },
        { label: 'VAT number', value: prefixed(prefixes.vat, user.vatNumber) },
      ]
    : [
        { label: 'First name', value: user.firstName },
        { label: 'Last name', value: user.lastName },
        { label: 'Date of birth', value: user.dateOfBirth ? date(user.dateOfBirth) : '' },
      ];
  rows.push(
    { label: 'Email', value: user.email },
    {
      label: 'Email confirmed',
      value: user.emailConfirmedAt ? dateTime(user.emailConfirmedAt) : 'No',
    },
    { label: 'City', value: user.city ?? '' },
    { label: 'Address', value: user.address },
    { label: 'Phone', value: phone(user.phone) },
  );
  if (company) {
    if (user.phone2.trim()) rows.push({ label: 'Phone #2', value: phone(user.phone2) });
    if (user.phone3.trim()) rows.push({ label: 'Phone #3', value: phone(user.phone3) });
  }
  return rows;
}

/** The company logo: its URL, or the base64 JPEG the user call carries. */
export function logoSrc(user: Pick<User, 'imageUrl' | 'image'>): string | null {
  if (user.imageUrl) return user.imageUrl;
  return user.image ? `data:image/jpeg;base64,${user.image}` : null;
}

/** Badge colours of listing states: ACTIVE green, SUSPENDED grey, PENDING orange, DENIED red. */
export const stateColor: Record<ListingState, 'success' | 'default' | 'warning' | 'error'> = {
  ACTIVE: 'success',
  SUSPENDED: 'default',
  PENDING: 'warning',
  DENIED: 'error',
};

/** Where a user's listing opens on the site: requests (PENDING, DENIED) have their own page. */
export const listingHref = (car: Pick<CarCard, 'id' | 'state'>) =>
  car.state === 'PENDING' || car.state === 'DENIED' ? `/car/pending/${car.id}` : `/car/${car.id}`;

/** An active subscription is green; any other state shows in the suspended (grey) style. */
export const subscriptionColor = (type: number): 'success' | 'default' =>
  type === subscriptionStates.active ? 'success' : 'default';
