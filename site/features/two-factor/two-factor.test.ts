import { describe, expect, it } from 'vitest';
import { codeFailure, codeProblem, loginExpired, recoveryCodesText } from './two-factor.ts';

describe('codeProblem', () => {
  it('takes a 6-digit code or a recovery code, however it is spaced or cased', () => {
    expect(codeProblem('')).toBe('Enter the code from your authenticator app');
    expect(codeProblem('12345')).toBe('The code is not right. Please try again.');
    expect(codeProblem('123 456')).toBeNull();
    expect(codeProblem('ABCDE-FGHJK')).toBeNull();
    expect(codeProblem('abcde-fghj0')).toBe('The code is not right. Please try again.');
  });
});

describe('codeFailure', () => {
  it("shows the server's reason for a refused code, and a general error otherwise", () => {
    const used = 'This code was already used. Please wait for the next one.';
    expect(codeFailure({ status: 401, message: used })).toBe(used);
    expect(codeFailure({ status: 429, message: 'Too many' })).toBe('Too many');
    expect(codeFailure({ status: 500, message: 'Boom' })).toBe('An error occurred');
    expect(codeFailure({ status: 0, message: 'offline' })).toBe('An error occurred');
  });

  it('knows when the login must start again from the password', () => {
    const expired = { status: 401, message: 'Your login has expired. Please log in again.' };
    expect(loginExpired(expired)).toBe(true);
    expect(loginExpired({ status: 401, message: 'The code is not right. Please try again.' })).toBe(
      false,
    );
  });
});

it('writes the recovery codes one a line', () => {
  expect(recoveryCodesText(['abcde-fghjk', 'mnpqr-stuvw'])).toContain('abcde-fghjk\nmnpqr-stuvw\n');
});
