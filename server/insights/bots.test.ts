import { describe, expect, it } from 'vitest';
import { isBot } from './bots.ts';

describe('robots', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Chrome-Lighthouse',
    'curl/8.5.0',
    'python-requests/2.31.0',
  ])('are known by their user agent: %s', (agent) => expect(isBot(agent)).toBe(true));

  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/140.0 Safari/537.36',
    'okhttp/4.12.0',
    undefined,
  ])('leave people and the app counted: %s', (agent) => expect(isBot(agent)).toBe(false));
});
