import { describe, expect, it } from 'vitest';
import type { AdminAd } from '#shared/schemas/ad.ts';
import {
  adCsvRow,
  adImageFit,
  adImageSrc,
  adStatus,
  aspectRatio,
  withoutDataPrefix,
} from './adFields.ts';

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

  it('names an aspect ratio as people write it', () => {
    expect(aspectRatio(1200, 900)).toBe('4:3');
    expect(aspectRatio(1920, 1080)).toBe('16:9');
    expect(aspectRatio(1500, 500)).toBe('3:1');
    expect(aspectRatio(1000, 333)).toBe('3:1');
    expect(aspectRatio(2350, 1000)).toBe('2.35:1');
  });

  it("tells how an image sits in the site's 4:3 ad frame", () => {
    expect(adImageFit(1200, 900)).toBe('This image is 4:3 (1200 × 900 px): it fills the frame.');
    expect(adImageFit(1500, 500)).toBe(
      'This image is 3:1 (1500 × 500 px), not 4:3: it shows whole, with empty bands above and below.',
    );
    expect(adImageFit(600, 900)).toBe(
      'This image is 2:3 (600 × 900 px), not 4:3: it shows whole, with empty bands at the sides.',
    );
  });
});
