import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { User } from '#shared/schemas/user.ts';
import {
  changePasswordProblem,
  deleteAccountProblem,
  profileProblem,
  profileProblems,
  toUpdatePayload,
  valuesOf,
} from './profile.ts';

const r = messages.register;

const individual: User = {
  id: 7,
  role: 2,
  roleName: 'Individual',
  firstName: 'Maria',
  lastName: 'Borg',
  email: 'maria@example.mt',
  phone: '79123456',
  phone2: '',
  phone3: '',
  address: 'Triq il-Kbira 1',
  city: 'Mosta',
  cityId: 40,
  dateOfBirth: '1990-04-12',
  cNumber: null,
  vatNumber: null,
  image: null,
  imageUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  emailConfirmedAt: '2025-01-01T00:05:00.000Z',
};
const company: User = {
  ...individual,
  id: 8,
  role: 3,
  roleName: 'Company',
  firstName: 'Island Motors',
  lastName: '',
  phone2: '21441234',
  dateOfBirth: null,
  cNumber: '45123',
  vatNumber: '20451234',
  image: 'AAAA',
  imageUrl: '/images/logos/a.jpg',
};

describe('profile rules', () => {
  it('checks first name, phone, last name and city in that order', () => {
    const blank = { ...valuesOf(individual), firstName: '', phone: ' ', lastName: '', cityId: '' };
    expect(profileProblem(individual, blank)).toBe(r.firstNameRequired);
    expect(profileProblem(individual, { ...blank, firstName: 'Maria' })).toBe(r.phoneRequired);
    const named = { ...blank, firstName: 'Maria', phone: '79123456' };
    expect(profileProblem(individual, named)).toBe(r.lastNameRequired);
    expect(profileProblem(individual, { ...named, lastName: 'Borg' })).toBe(r.cityRequired);
    expect(profileProblem(individual, valuesOf(individual))).toBeNull();
  });

  it('asks a company for its company name and never for a last name', () => {
    const values = valuesOf(company);
    expect(profileProblem(company, { ...values, firstName: '' })).toBe(r.companyNameRequired);
    expect(profileProblem(company, { ...values, lastName: '' })).toBeNull();
  });
});

describe('the update payload', () => {
  it('sends an individual’s fields and no logo', () => {
    const payload = toUpdatePayload(individual, { ...valuesOf(individual), cityId: '3' }, 'QUJD');
    expect(payload).toMatchObject({ id: 7, cityId: 3, dateOfBirth: '1990-04-12', image: null });
  });

  it('sends a company’s phones and the new logo, keeping the read-only parts', () => {
    const values = { ...valuesOf(company), phone3: ' 99112233 ', dateOfBirth: '2000-01-01' };
    const payload = toUpdatePayload(company, values, 'QUJD');
    expect(payload).toMatchObject({ phone2: '21441234', phone3: '99112233', image: 'QUJD' });
    expect(payload.dateOfBirth).toBeNull();
    expect(payload).not.toHaveProperty('email');
    expect(payload).not.toHaveProperty('cNumber');
  });
});

describe('change password rules', () => {
  const base = { email: 'maria@example.mt', oldPassword: 'Old12345' };
  it('checks character kinds, then length, then the confirmation', () => {
    expect(changePasswordProblem({ ...base, newPassword: 'abc', confirmPassword: 'x' })).toBe(
      r.passwordRules,
    );
    expect(changePasswordProblem({ ...base, newPassword: 'Abc1', confirmPassword: 'x' })).toBe(
      r.passwordLength,
    );
    expect(changePasswordProblem({ ...base, newPassword: 'Abcdefg1', confirmPassword: 'x' })).toBe(
      r.passwordMismatch,
    );
    expect(
      changePasswordProblem({ ...base, newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }),
    ).toBeNull();
  });

  it('reports an empty old password only after the spec’s rules', () => {
    const input = { ...base, oldPassword: '', newPassword: 'abc', confirmPassword: 'abc' };
    expect(changePasswordProblem(input)).toBe(r.passwordRules);
    expect(
      changePasswordProblem({ ...input, newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }),
    ).toBe('Old password is required');
  });
});

describe('delete account rule', () => {
  it('refuses a password under 4 characters', () => {
    expect(deleteAccountProblem('abc')).toBe(messages.profile.deletePasswordInvalid);
    expect(deleteAccountProblem('abcd')).toBeNull();
  });
});

describe('profile marks', () => {
  it("names every field that breaks a rule, the first one also being the dialog's", () => {
    const values = { ...valuesOf(individual), firstName: '', lastName: ' ', cityId: '' };
    expect(profileProblems(individual, values)).toEqual({
      firstName: r.firstNameRequired,
      lastName: r.lastNameRequired,
      city: r.cityRequired,
    });
    expect(profileProblem(individual, values)).toBe(r.firstNameRequired);
    expect(profileProblems(individual, valuesOf(individual))).toEqual({});
  });
});
