import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  canPromote,
  detailsHref,
  editHref,
  filterWord,
  parseStateFilter,
  isRequest,
} from './my-listings.ts';

describe('my listings rules', () => {
  it('sends live listings and requests to their own screens', () => {
    expect(detailsHref({ id: 7, state: 'ACTIVE' })).toBe('/car/7');
    expect(detailsHref({ id: 7, state: 'DENIED' })).toBe('/car/pending/7');
    expect(editHref({ id: 7, state: 'SUSPENDED' })).toBe('/edit-listing/7');
    expect(editHref({ id: 7, state: 'PENDING' })).toBe('/edit-request-listing/7');
    expect(isRequest('ACTIVE')).toBe(false);
    expect(isRequest('PENDING')).toBe(true);
  });

  it('offers promotion only to active listings below the top tier', () => {
    expect(canPromote({ typeId: 3, state: 'ACTIVE' })).toBe(true);
    expect(canPromote({ typeId: 2, state: 'ACTIVE' })).toBe(true);
    expect(canPromote({ typeId: 1, state: 'ACTIVE' })).toBe(false);
    expect(canPromote({ typeId: 3, state: 'SUSPENDED' })).toBe(false);
  });

  it('words the empty state for a filter and for all listings', () => {
    const m = messages.myListings;
    expect(m.emptyTitle(filterWord('PENDING'))).toBe('No pending listings found');
    expect(m.emptyText(filterWord('PENDING'))).toBe("You don't have any pending listing.");
    expect(m.emptyTitle(filterWord(null))).toBe('No listings found');
    expect(m.emptyText(filterWord(null))).toBe("You don't have any listing.");
  });

  it('reads the filter from the address', () => {
    expect(parseStateFilter('denied')).toBe('DENIED');
    expect(parseStateFilter('nonsense')).toBeNull();
    expect(parseStateFilter(null)).toBeNull();
  });
});
