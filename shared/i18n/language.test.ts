import { describe, expect, it } from 'vitest';
import { localisedPath, proposedLanguage, splitLanguage } from './language.ts';

describe('language addresses', () => {
  it('puts English at the root and the others under their code', () => {
    expect(localisedPath('/search?makeId=3', 'en')).toBe('/search?makeId=3');
    expect(localisedPath('/search?makeId=3', 'mt')).toBe('/mt/search?makeId=3');
    expect(localisedPath('/', 'it')).toBe('/it/');
    expect(localisedPath('/mt/car/12', 'it')).toBe('/it/car/12');
    expect(localisedPath('/mt/car/12', 'en')).toBe('/car/12');
  });

  it('reads the language of an address and the address without it', () => {
    expect(splitLanguage('/mt/car/12')).toEqual({ locale: 'mt', path: '/car/12' });
    expect(splitLanguage('/it')).toEqual({ locale: 'it', path: '/' });
    expect(splitLanguage('/it?x=1')).toEqual({ locale: 'it', path: '/?x=1' });
    expect(splitLanguage('/car/12')).toEqual({ locale: 'en', path: '/car/12' });
    expect(splitLanguage('/en/car/12')).toEqual({ locale: 'en', path: '/en/car/12' });
    expect(splitLanguage('/mtx/car')).toEqual({ locale: 'en', path: '/mtx/car' });
  });

  it("proposes the browser's first language the site speaks, never English", () => {
    expect(proposedLanguage(['mt-MT', 'en'])).toBe('mt');
    expect(proposedLanguage(['de-DE', 'it'])).toBe('it');
    expect(proposedLanguage(['en-GB', 'it'])).toBeNull();
    expect(proposedLanguage(['fr'])).toBeNull();
  });
});
