import { z } from 'zod';

/**
 * Every schema of shared/ imports `z` from here, so that a failed rule without a spec message of
 * its own still reads as a sentence that names the field ("cityId" is required).
 */
z.config({
  // In the browser zod does without eval (its faster object parsing): the Content-Security-Policy
  // forbids it, and the browser reports even zod's attempt to find out.
  jitless: typeof document !== 'undefined',
  customError: (issue) => {
    const key = [...(issue.path ?? [])].reverse().find((p) => typeof p === 'string');
    const field = key ? `"${String(key)}"` : 'Value';
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? `${field} is required`
          : `${field} must be ${article(issue.expected)}`;
      case 'too_small':
        return issue.origin === 'string'
          ? `${field} must be at least ${issue.minimum} characters`
          : issue.origin === 'array'
            ? `${field} must have at least ${issue.minimum} items`
            : issue.inclusive === false
              ? `${field} must be greater than ${issue.minimum}`
              : `${field} must be at least ${issue.minimum}`;
      case 'too_big':
        return issue.origin === 'string'
          ? `${field} must be at most ${issue.maximum} characters`
          : issue.origin === 'array'
            ? `${field} must have at most ${issue.maximum} items`
            : issue.inclusive === false
              ? `${field} must be less than ${issue.maximum}`
              : `${field} must be at most ${issue.maximum}`;
      case 'invalid_value':
        return `${field} must be one of ${issue.values.map(String).join(', ')}`;
      case 'unrecognized_keys':
        return `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      default:
        return `${field} is not valid`;
    }
  },
});

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

export { z };

/** The first failed rule of a parse, as the message a screen shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
