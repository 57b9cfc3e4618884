import { describe, expect, it } from 'vitest';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import { sampleCar } from '../../../tests/support/car-detail.ts';
import {
  canPromote,
  carJsonLd,
  coverFirst,
  editHref,
  fullSrcset,
  gridSrcset,
  largestSize,
  messageLink,
  ownerBanner,
  pageDescription,
  pageTitle,
  phones,
  registeredUntil,
  reportMessage,
  reportProblem,
  sellerAvatar,
  specifications,
} from './listing.ts';

const photo = (id: number, isCover = false) => ({
  id,
  name: `/images/listings/${id}.jpg`,
  card: `/images/listings/${id}-card.jpg`,
  cardVersions: [],
  large: null,
  isCover,
  width: 840,
  height: 630,
});

const car: CarDetail = { ...sampleCar, images: [photo(1), photo(2, true), photo(3)] };

describe('the listing details', () => {
  it('shows the cover photo first', () => {
    expect(coverFirst(car.images).map((p) => p.id)).toEqual([2, 1, 3]);
    expect(coverFirst([])).toEqual([]);
  });

  it("writes the registration as month and year, else 'Not registered'", () => {
    expect(registeredUntil('04.2027')).toBe('April 2027');
    expect(registeredUntil(null)).toBe('Not registered');
  });

  it('gives every field its unit, engine size for fuel cars and the battery for electric ones', () => {
    const rows = Object.fromEntries(specifications(car, 'mi'));
    expect(rows).toMatchObject({
      Mileage: '78,000 mi',
      'Engine size': '996 CC',
      Power: '69 HP',
      'Registered until': 'April 2027',
    });
    expect(rows['Battery capacity']).toBeUndefined();
    const electric = Object.fromEntries(
      specifications(
        {
          ...car,
          fuelId: 3,
          fuel: 'Electric',
          driveTrain: null,
          batteryCapacity: 40,
          batteryRange: 170,
          chargerType: 'Type 2',
          registrationExpiration: null,
        },
        'mi',
      ),
    );
    expect(electric).toMatchObject({
      'Battery capacity': '40 kWh',
      'Battery range': '170 mi',
      'Charger type': 'Type 2',
      'Registered until': 'Not registered',
    });
    expect(electric['Engine size']).toBeUndefined();
    expect(Object.fromEntries(specifications(car, 'km')).Mileage).toBe('125,529 km');
    expect(electric['Drive train']).toBeUndefined();
  });

  it('lists the non-empty phones with the configured prefix as tel: links', () => {
    expect(phones(car.user, '+356')).toEqual([
      { label: '+356 7912 3456', href: 'tel:+35679123456' },
      { label: '+356 2112 3456', href: 'tel:+35621123456' },
    ]);
  });

  it('shows a logo only for a company', () => {
    expect(sellerAvatar(car.user)).toBeNull();
    expect(sellerAvatar({ ...car.user, role: 3 })).toBe('/images/logo.jpg');
  });

  it("gives the owner a banner for every state but ACTIVE, with the denial's reason", () => {
    expect(ownerBanner('ACTIVE', null)).toBeNull();
    expect(ownerBanner('SUSPENDED', null)).toMatch(/^Your listing is suspended because/);
    expect(ownerBanner('PENDING', null)).toMatch(/^Your listing is waiting approval/);
    expect(ownerBanner('DENIED', 'Blurry photos.')).toBe(
      'Your listing is denied by our review team. Reason: Blurry photos. Please edit your listing to initiate review process again, or contact our customer support for any questions you may have.',
    );
  });

  it('offers Promote only for an ACTIVE listing below the top type', () => {
    expect(canPromote(car)).toBe(true);
    expect(canPromote({ ...car, listingTypeId: 1 })).toBe(false);
    expect(canPromote({ ...car, state: 'SUSPENDED' })).toBe(false);
  });

  it('edits a live listing and a request through their own routes', () => {
    expect(editHref(6, 'live')).toBe('/edit-listing/6');
    expect(editHref(6, 'request')).toBe('/edit-request-listing/6');
  });

  it('checks a report: details first, then the reason', () => {
    expect(reportProblem('', '')).toBe('You need to enter at least 10 characters.');
    expect(reportProblem("It's a scam", 'too short')).toBe(
      'You need to enter at least 10 characters.',
    );
    expect(reportProblem('', 'long enough text')).toBe(
      'You need to choose one category for report',
    );
    expect(reportProblem("It's a scam", 'long enough text')).toBeNull();
    expect(reportMessage("It's a scam", ' long enough text ')).toBe(
      "It's a scam - long enough text",
    );
  });

  it('titles and describes the page for search engines', () => {
    expect(pageTitle(car)).toBe('Toyota Vitz 1.0 CVT, low mileage · €6,900 · Spotted');
    const long = pageDescription({ ...car, description: 'word '.repeat(100) }, 'mi');
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/^2014 Toyota Vitz for sale in Sliema, Malta: €6,900, 78,000 mi/);
    expect(pageDescription(car, 'km')).toContain('€6,900, 125,529 km, ');
  });

  it('describes the car as schema.org Car with an offer in euros', () => {
    const ld = carJsonLd(car, 'https://spotted.mt/car/6');
    expect(ld).toMatchObject({
      '@type': 'Car',
      brand: { name: 'Toyota' },
      vehicleModelDate: '2014',
      mileageFromOdometer: { value: 78000, unitCode: 'SMI' },
      offers: { price: 6900, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expect(ld.image[0]).toBe('https://spotted.mt/images/listings/2.jpg');
  });
});

describe('photo versions', () => {
  const stored = {
    ...photo(7),
    cardVersions: [320, 480, 640].map((width) => ({
      url: `/images/listings/7-${width}.webp`,
      width,
    })),
    large: { url: '/images/listings/7-large.jpg', width: 2048, height: 1536 },
  };

  it('offers the page the WebP cards and the 840 px JPEG, the gallery the 840 and the full-screen one', () => {
    expect(gridSrcset(stored)).toBe(
      '/images/listings/7-320.webp 320w, /images/listings/7-480.webp 480w, /images/listings/7-640.webp 640w, /images/listings/7.jpg 840w',
    );
    expect(fullSrcset(stored)).toBe(
      '/images/listings/7.jpg 840w, /images/listings/7-large.jpg 2048w',
    );
    expect(largestSize(stored)).toMatchObject({ width: 2048, height: 1536 });
  });

  it('falls back to the JPEG card for a photo stored before the versions, and never repeats a width', () => {
    expect(gridSrcset(photo(8))).toBe(
      '/images/listings/8-card.jpg 480w, /images/listings/8.jpg 840w',
    );
    expect(fullSrcset(photo(8))).toBe('/images/listings/8.jpg 840w');
    expect(largestSize(photo(8))).toEqual({ width: 840, height: 630 });
    const small = {
      ...photo(9),
      width: 600,
      height: 450,
      cardVersions: [
        { url: '/9-320.webp', width: 320 },
        { url: '/9-480.webp', width: 480 },
        { url: '/9-640.webp', width: 600 },
      ],
    };
    expect(gridSrcset(small)).toBe('/9-320.webp 320w, /9-480.webp 480w, /9-640.webp 600w');
  });

  it('writes to the seller about the listing, when the seller has an address', () => {
    expect(messageLink(car)).toEqual({
      href: `mailto:${car.user.email}?subject=Toyota%20Vitz%201.0%20CVT%2C%20low%20mileage%20on%20Spotted`,
    });
    expect(messageLink({ ...car, user: { ...car.user, email: '' } })).toBeNull();
  });
});
