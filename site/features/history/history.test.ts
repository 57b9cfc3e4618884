import { describe, expect, it } from 'vitest';
import { answerText, factLines, ratingText } from './history.ts';

describe('what a seller panel says', () => {
  it('rounds the usual answer time up to a unit read at a glance', () => {
    expect(answerText(null)).toBeNull();
    expect(answerText(0)).toBe('Usually answers within 1 min');
    expect(answerText(45)).toBe('Usually answers within 45 min');
    expect(answerText(61)).toBe('Usually answers within 2 hours');
    expect(answerText(60 * 30)).toBe('Usually answers within 2 days');
  });

  it('lists the rating, the month joined and the cars sold, leaving out what is empty', () => {
    expect(ratingText({ average: 4.5, count: 12 })).toBe('★ 4.5 from 12 reviews (last 12 months)');
    expect(ratingText({ average: null, count: 0 })).toBeNull();
    expect(
      factLines({
        memberSince: '2024-03-31T23:30:00.000Z',
        soldCount: 1,
        answerMinutes: null,
        verified: false,
        rating: null,
      }),
    ).toEqual(['Member since March 2024', '1 car sold through Spotted']);
  });
});
