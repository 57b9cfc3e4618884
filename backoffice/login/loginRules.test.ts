import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { loginFailure, loginProblem } from './loginRules.ts';

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
