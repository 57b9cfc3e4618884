import { describe, expect, it } from 'vitest';
import type { SellerListingRow } from '#shared/schemas/insights.ts';
import { overviewCsv, percent, sortRows } from './insights.ts';

const row = (id: number, changes: Partial<SellerListingRow>): SellerListingRow => ({
  id,
  title: `Car ${id}`,
  brand: 'Toyota',
  model: 'Yaris',
  state: 'ACTIVE',
  typeName: 'Standard',
  impressions: 0,
  views: 0,
  favoritesAdded: 0,
  favoritesRemoved: 0,
  phoneReveals: 0,
  emailReveals: 0,
  contacts: 0,
  shares: 0,
  clickThroughRate: null,
  ...changes,
});

describe('the seller overview', () => {
  const rows = [
    row(1, { views: 5, clickThroughRate: 0.5 }),
    row(2, { views: 9, title: 'A "quoted", title' }),
    row(3, { views: 1, clickThroughRate: 0.1 }),
  ];

  it('sorts by any column, both ways, with no rate lowest', () => {
    expect(sortRows(rows, { key: 'views', direction: 'desc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { key: 'views', direction: 'asc' }).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(sortRows(rows, { key: 'clickThroughRate', direction: 'desc' }).map((r) => r.id)).toEqual(
      [1, 3, 2],
    );
    expect(sortRows(rows, { key: 'title', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('exports what the table shows as CSV', () => {
    const csv = overviewCsv(rows.slice(0, 2)).split('\r\n');
    expect(csv[0]).toBe(
      'Listing,State,Type,Impressions,Views,Click-through,Contacts,Favourites,Shares',
    );
    expect(csv[1]).toBe('Toyota Yaris Car 1,ACTIVE,Standard,0,5,50.0%,0,0,0');
    expect(csv[2]).toBe('"Toyota Yaris A ""quoted"", title",ACTIVE,Standard,0,9,–,0,0,0');
    expect(percent(0.1234)).toBe('12.3%');
  });
});
