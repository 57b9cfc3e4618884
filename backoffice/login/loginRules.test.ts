import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { codeFailure, codeProblem, loginFailure, loginProblem } from './loginRules.ts';

describe('loginProblem', () => {
  it('checks the email, its pattern, then the password', () => {
    expect(loginProblem('', '')).toBe('You have to enter email field');
    expect(loginProblem('   ', 'secret')).toBe('You have to enter email field');
    expect(loginProblem('admin@spotted', 'secret')).toBe('Not valid email');
    expect(loginProblem('admin@spotted.test', '')).toBe('You have to enter password');
    expect(loginProblem('admin@spotted.test', 'x')).toBeNull();
  });
});

describe('loginFailure', () => {
  it('reads 401 as invalid credentials and anything else as a general error', () => {
    expect(loginFailure(new HttpError('Wrong', 401))).toBe('Invalid credentials');
    expect(loginFailure(new HttpError('Boom', 500))).toBe('An error occurred');
    expect(loginFailure(new Error('offline'))).toBe('An error occurred');
    expect(loginFailure(new HttpError('Too many attempts, try again in 15 minutes', 429))).toBe(
      'Too many attempts, try again in 15 minutes',
    );
  });
});

describe('codeProblem', () => {
  it('takes a 6-digit code or a recovery code', () => {
    expect(codeProblem('')).toBe('Enter the code from your authenticator app');
    expect(codeProblem('12a456')).toBe('The code is not right. Please try again.');
    expect(codeProblem(' 123456 ')).toBeNull();
    expect(codeProblem('abcde-fghjk')).toBeNull();
  });
});

describe('codeFailure', () => {
  it("shows the server's reason, and starts again when the login expired", () => {
    const wrong = 'The code is not right. Please try again.';
    expect(codeFailure(new HttpError(wrong, 401))).toEqual({ expired: false, message: wrong });
    const expired = 'Your login has expired. Please log in again.';
    expect(codeFailure(new HttpError(expired, 401))).toEqual({ expired: true, message: expired });
    expect(codeFailure(new Error('offline'))).toEqual({
      expired: false,
      message: 'An error occurred',
    });
  });
});
