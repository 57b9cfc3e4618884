import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { contactProblem } from './contact.ts';

const m = messages.contact;

describe('contact rules', () => {
  it('checks empty email, email pattern, short and long message in that order', () => {
    expect(contactProblem({ email: '', phone: '', text: '' })).toBe(m.emailRequired);
    expect(contactProblem({ email: 'maria@', phone: '', text: '' })).toBe(m.emailInvalid);
    expect(contactProblem({ email: 'maria@example.mt', text: 'Too short' })).toBe(
      m.messageTooShort,
    );
    expect(contactProblem({ email: 'maria@example.mt', text: 'x'.repeat(501) })).toBe(
      m.messageTooLong,
    );
  });

  it('does not validate the phone', () => {
    expect(
      contactProblem({ email: 'maria@example.mt', phone: 'call me', text: 'Hello, I need help.' }),
    ).toBeNull();
  });

  it('reports the message rules before the cap on an overlong phone', () => {
    const phone = '7'.repeat(41);
    expect(contactProblem({ email: 'maria@example.mt', phone, text: 'Short' })).toBe(
      m.messageTooShort,
    );
    expect(contactProblem({ email: 'maria@example.mt', phone, text: 'x'.repeat(501) })).toBe(
      m.messageTooLong,
    );
  });
});
