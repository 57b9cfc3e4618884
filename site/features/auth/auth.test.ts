import { describe, expect, it } from 'vitest';
import {
  returnPath,
  checkBusiness,
  checkCode,
  checkForgot,
  checkLogin,
  checkPersonal,
  checkReset,
  businessProblems,
  logoProblem,
  personalProblems,
  type BusinessForm,
  type PersonalForm,
} from './auth.ts';

const messageOf = (result: { ok: boolean; message?: string }) =>
  result.ok ? null : (result.message ?? null);

describe('login checks, in the spec order', () => {
  it.each([
    [{ email: '', password: '' }, 'You have to enter email field'],
    [{ email: 'maria', password: '' }, 'Not valid email'],
    [{ email: 'maria@example.mt', password: '' }, 'You have to enter password'],
    [{ email: 'maria@example.mt', password: 'abc' }, 'Password too short'],
    [{ email: 'maria@example.mt', password: 'abcd' }, null],
  ])('%o: %s', (input, message) => {
    expect(messageOf(checkLogin(input))).toBe(message);
  });
});

const personal: PersonalForm = {
  firstName: 'Maria',
  lastName: 'Borg',
  email: 'maria@example.mt',
  address: '',
  phone: '79123456',
  city: '12',
  dateOfBirth: '',
  password: 'Spotted2026',
  confirmPassword: 'Spotted2026',
};

describe('individual registration checks, in the spec order', () => {
  it.each<[Partial<PersonalForm>, string]>([
    [{ email: '', firstName: '' }, 'Email field is required'],
    [{ email: 'maria', firstName: '' }, 'Not valid email'],
    [
      { password: 'spotted2026', firstName: '' },
      'Password must contain one upper case letter, one lowercase letter and one number',
    ],
    [
      { password: 'Spot1', confirmPassword: 'Spot1' },
      'Password must contain at least 8 characters',
    ],
    // The mismatch comes before the personal fields, though zod would check it last.
    [
      { confirmPassword: 'Other2026', firstName: '', city: '' },
      'Password and confirm password are different',
    ],
    [{ firstName: '', phone: '', lastName: '' }, 'First name is required field'],
    [{ phone: '', lastName: '' }, 'Phone is required field'],
    [{ lastName: '', city: '' }, 'Last name is required field'],
    [{ city: '' }, 'City is required field'],
  ])('%o: %s', (change, message) => {
    expect(messageOf(checkPersonal({ ...personal, ...change }))).toBe(message);
  });

  it('sends the city id, an empty birth date as none, lowercased email', () => {
    const result = checkPersonal({ ...personal, email: 'Maria@Example.mt' });
    expect(result).toMatchObject({
      ok: true,
      data: { city: 12, dateOfBirth: null, email: 'maria@example.mt' },
    });
  });
});

const business: BusinessForm = {
  image: 'iVBORw0KGgo=',
  firstName: 'Island Motors',
  cNumber: '45123',
  vatNumber: '20451234',
  phones: ['21441234', '79990001'],
  city: '3',
  address: 'Mdina Road',
  email: 'sales@example.mt',
  password: 'Spotted2026',
  confirmPassword: 'Spotted2026',
};

describe('company registration checks, in the spec order', () => {
  it.each<[Partial<BusinessForm>, string]>([
    [{ email: '', image: '' }, 'Email field is required'],
    [{ confirmPassword: 'x', image: '' }, 'Password and confirm password are different'],
    [{ image: '', firstName: '' }, 'Logo is required'],
    [{ firstName: '', phones: [''] }, 'Company name is required field'],
    [{ phones: [''], city: '' }, 'Phone is required field'],
    [{ city: '', cNumber: '' }, 'City is required field'],
    [{ cNumber: '', vatNumber: '' }, 'C number is required field'],
    [{ vatNumber: '' }, 'VAT number is required field'],
  ])('%o: %s', (change, message) => {
    expect(messageOf(checkBusiness({ ...business, ...change }))).toBe(message);
  });

  it('spreads the phones over phone, phone2 and phone3', () => {
    expect(checkBusiness(business)).toMatchObject({
      ok: true,
      data: { phone: '21441234', phone2: '79990001', phone3: '' },
    });
  });
});

describe('forgot password checks', () => {
  it('checks only the email pattern, so an empty address is not valid', () => {
    expect(messageOf(checkForgot(''))).toBe('Not valid email');
    expect(messageOf(checkForgot('maria@'))).toBe('Not valid email');
    expect(checkForgot('maria@example.mt').ok).toBe(true);
  });

  it('wants six digits', () => {
    expect(messageOf(checkCode('maria@example.mt', '12345'))).toBe('Code must be 6 digits');
    expect(messageOf(checkCode('maria@example.mt', '12345a'))).toBe('Code must be 6 digits');
    expect(checkCode('maria@example.mt', '012345').ok).toBe(true);
  });

  it.each([
    [
      { password: 'spotted2026', confirmPassword: 'x' },
      'Password must contain one upper case letter, one lowercase letter and one number',
    ],
    [{ password: 'Spot1', confirmPassword: 'x' }, 'Password must contain at least 8 characters'],
    [
      { password: 'Spotted2026', confirmPassword: 'x' },
      'Password and confirm password are different',
    ],
  ])('new password %o: %s', (change, message) => {
    expect(messageOf(checkReset({ email: 'maria@example.mt', code: '012345', ...change }))).toBe(
      message,
    );
  });
});

describe('logo', () => {
  it('takes jpg, jpeg, png, webp and avif up to 10 MB', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.webp', 'a.avif'])
      expect(logoProblem({ name, size: 1000 })).toBeNull();
    expect(logoProblem({ name: 'a.gif', size: 1000 })).toBe(
      'Logo must be a jpg, jpeg, png, webp or avif image',
    );
    expect(logoProblem({ name: 'a.png', size: 11 * 1024 * 1024 })).toMatch(/larger/);
  });
});

describe('every broken rule by its field, for the inline marks', () => {
  it('marks each field of an individual that breaks a rule, once, with its first rule', () => {
    expect(
      personalProblems({
        ...personal,
        firstName: ' ',
        email: 'maria',
        phone: '',
        city: '',
        password: 'short',
        confirmPassword: 'other',
      }),
    ).toEqual({
      email: 'Not valid email',
      password: 'Password must contain one upper case letter, one lowercase letter and one number',
      confirmPassword: 'Password and confirm password are different',
      firstName: 'First name is required field',
      phone: 'Phone is required field',
      city: 'City is required field',
    });
    expect(personalProblems(personal)).toEqual({});
  });

  it("names a company's logo, numbers and phones by their fields", () => {
    const business: BusinessForm = {
      image: '',
      firstName: 'Island Motors',
      cNumber: '',
      vatNumber: '123',
      phones: ['', ''],
      city: '3',
      address: '',
      email: 'sales@island.mt',
      password: 'Spotted2026',
      confirmPassword: 'Spotted2026',
    };
    expect(businessProblems(business)).toEqual({
      image: 'Logo is required',
      phone: 'Phone is required field',
      cNumber: 'C number is required field',
      vatNumber: 'VAT number must contain 8 digits',
    });
  });
});

describe('the return path after logging in', () => {
  it('goes back to a path of this site, and nowhere else', () => {
    expect(returnPath('?next=%2Fcar%2F12')).toBe('/car/12');
    expect(returnPath('?next=%2Fmessages%3Fcar%3D12')).toBe('/messages?car=12');
    for (const search of [
      '',
      '?next=https://evil.example',
      '?next=//evil.example',
      '?next=/\\evil',
    ])
      expect(returnPath(search)).toBeNull();
  });
});
