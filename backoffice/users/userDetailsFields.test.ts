import { describe, expect, it } from 'vitest';
import { dateTime } from '#shared/format.ts';
import type { User } from '#shared/schemas/user.ts';
import {
  generalRows,
  listingHref,
  logoSrc,
  prefixed,
  stateColor,
  subscriptionColor,
} from './userDetailsFields.ts';

const person: User = {
  id: 5,
  role: 2,
  roleName: 'Individual',
  firstName: 'Maria',
  lastName: 'Borg',
  email: 'maria.borg@example.mt',
  phone: '79123456',
  phone2: '',
  phone3: '',
  address: 'Triq il-Kbira 12',
  city: 'Qormi',
  cityId: 40,
  dateOfBirth: '1990-05-17',
  cNumber: null,
  vatNumber: null,
  image: null,
  imageUrl: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  emailConfirmedAt: '2026-01-01T10:05:00.000Z',
};
const company: User = {
  ...person,
  id: 6,
  role: 3,
  roleName: 'Company',
  firstName: 'Island Motors',
  lastName: '',
  dateOfBirth: null,
  cNumber: '12345',
  vatNumber: '12345678',
  phone2: '21234567',
  phone3: '',
  image: 'AAAA',
  emailConfirmedAt: null,
};

const table = (rows: { label: string; value: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.label, r.value]));

describe('generalRows', () => {
  it('shows a person by name and date of birth with one phone, and when the address was confirmed', () => {
    expect(table(generalRows(person))).toEqual({
      'First name': 'Maria',
      'Last name': 'Borg',
      'Date of birth': '17 May 1990',
      Email: 'maria.borg@example.mt',
      'Email confirmed': dateTime('2026-01-01T10:05:00.000Z'),
      City: 'Qormi',
      Address: 'Triq il-Kbira 12',
      Phone: '+356 79123456',
    });
  });

  it('shows a company with its prefixed numbers and the phones it has, and an unconfirmed address', () => {
    expect(table(generalRows(company))).toEqual({
      'Company name': 'Island Motors',
      'C number': 'C12345',
      'VAT number': 'MT12345678',
      Email: 'maria.borg@example.mt',
      'Email confirmed': 'No',
      City: 'Qormi',
      Address: 'Triq il-Kbira 12',
      Phone: '+356 79123456',
      'Phone #2': '+356 21234567',
    });
  });
});

describe('prefixed', () => {
  it('adds a prefix once, and nothing to an empty value', () => {
    expect(prefixed('MT', 'mt123')).toBe('mt123');
    expect(prefixed('+356', '+35679123456', ' ')).toBe('+35679123456');
    expect(prefixed('C', null)).toBe('');
  });
});

describe('logoSrc', () => {
  it('prefers the URL, else the base64 image', () => {
    expect(logoSrc({ imageUrl: '/images/logos/6.jpg', image: 'AAAA' })).toBe('/images/logos/6.jpg');
    expect(logoSrc({ imageUrl: null, image: 'AAAA' })).toBe('data:image/jpeg;base64,AAAA');
    expect(logoSrc({ imageUrl: null, image: null })).toBeNull();
  });
});

describe('listings and subscriptions', () => {
  it('links requests to the pending page and the rest to the listing', () => {
    expect(listingHref({ id: 9, state: 'PENDING' })).toBe('/car/pending/9');
    expect(listingHref({ id: 9, state: 'DENIED' })).toBe('/car/pending/9');
    expect(listingHref({ id: 9, state: 'ACTIVE' })).toBe('/car/9');
    expect(listingHref({ id: 9, state: 'SUSPENDED' })).toBe('/car/9');
  });

  it('colours the badges as the spec says', () => {
    expect(stateColor).toEqual({
      ACTIVE: 'success',
      SUSPENDED: 'default',
      PENDING: 'warning',
      DENIED: 'error',
    });
    expect(subscriptionColor(1)).toBe('success');
    expect(subscriptionColor(3)).toBe('default');
  });
});
