import { describe, expect, it } from 'vitest';
import type { AdminAd } from '#shared/schemas/ad.ts';
import { adCsvRow, adImageSrc, adStatus, withoutDataPrefix } from './adFields.ts';

const ad: AdminAd = {
  id: 3,
  title: 'Service your car',
  description: 'Full service in Qormi',
  url: 'https://garage.example.mt',
  views: 10,
  location: 'Qormi',
  cityId: 40,
  client: 'Qormi Garage',
  image: '/images/ads/3.jpg',
  daysActive: 30,
  clicks: 2,
  isActive: true,
  dateCreated: '2026-03-01T09:00:00.000Z',
  dateExpiration: '2026-03-31T09:00:00.000Z',
};

describe('ad fields', () => {
  it('names the status', () => {
    expect(adStatus({ isActive: true })).toBe('Active');
    expect(adStatus({ isActive: false })).toBe('Deactivated');
  });

  it('sends images without the data URL prefix', () => {
    expect(withoutDataPrefix('data:image/png;base64,iVBORw0KGgoAAA=')).toBe('iVBORw0KGgoAAA=');
    expect(withoutDataPrefix('iVBORw0KGgoAAA=')).toBe('iVBORw0KGgoAAA=');
  });

  it('shows a stored image by URL and a new one as a data URL of its type', () => {
    expect(adImageSrc('/images/ads/3.jpg')).toBe('/images/ads/3.jpg');
    expect(adImageSrc('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(adImageSrc('iVBORw0KGgoAAA=')).toBe('data:image/png;base64,iVBORw0KGgoAAA=');
    expect(adImageSrc(null)).toBeNull();
  });

  it('exports the table columns first', () => {
    const row = adCsvRow(ad);
    expect(Object.keys(row).slice(0, 5)).toEqual(['ID', 'Client', 'Title', 'Expiration', 'Status']);
    expect(row.Status).toBe('Active');
  });
});
