import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { keptJson } from './respond.ts';

/**
 * Whether V8 keeps `text` one byte a character: its serializer writes a version header, padding
 * zeros, then the tag '"' for such a string ('c' for two bytes a character).
 */
function isOneByte(text: string) {
  const bytes = v8.serialize(text);
  let i = 2;
  while (bytes[i] === 0) i++;
  return bytes[i] === '"'.charCodeAt(0);
}

describe('kept JSON', () => {
  it('is the same JSON, kept one byte a character even with a euro sign in it', () => {
    const value = { currency: '€', title: 'Škoda Octavia “as new”', price: 7650 };
    const text = keptJson(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('\\u20ac');
    expect(isOneByte(text)).toBe(true);
    // What V8 makes of the escaped text without the copy: two bytes a character.
    expect(isOneByte(JSON.stringify(value).replace(/€/g, '\\u20ac'))).toBe(false);
  });
});
