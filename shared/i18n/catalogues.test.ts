import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseLocale, locales } from './language.ts';

/** messages/<language>.json, without the editor's schema line. */
function catalogue(locale: string): Record<string, unknown> {
  const url = new URL(`../../messages/${locale}.json`, import.meta.url);
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(url, 'utf8')) as Record<
    string,
    unknown
  >;
  return messages;
}

const english = catalogue(baseLocale);
/** The {placeholders} of a message, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it.each(locales)('%s has every key of English and no other', (locale) => {
    expect(Object.keys(catalogue(locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(locales)('%s has no empty message', (locale) => {
    const empty = Object.entries(catalogue(locale)).filter(
      ([, text]) => typeof text !== 'string' || text.trim() === '',
    );
    expect(empty).toEqual([]);
  });

  it.each(locales)('%s uses the same placeholders as English', (locale) => {
    const messages = catalogue(locale);
    const differing = Object.entries(english).filter(
      ([key, text]) =>
        placeholders(String(text)).join() !== placeholders(String(messages[key] ?? '')).join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });
});
