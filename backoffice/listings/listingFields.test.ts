import { describe, expect, it } from 'vitest';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import {
  changedFields,
  place,
  previousValue,
  registeredUntil,
  sellerPhones,
  specificationRows,
} from './listingFields.ts';

const photo = (n: number, isCover = false) => ({
  id: n,
  name: `/images/listings/${n}.jpg`,
  card: `/images/listings/${n}-card.jpg`,
  cardVersions: [],
  large: null,
  isCover,
  width: 840,
  height: 630,
});

const car: CarDetail = {
  id: 4,
  userId: 6,
  state: 'ACTIVE',
  deniedMessage: null,
  listingTypeId: 3,
  typeName: 'Standard',
  originalId: null,
  title: 'Mazda CX-5 2.2d',
  brand: 'Mazda',
  brandId: 30,
  model: 'CX-5',
  modelId: 324,
  currency: '€',
  price: 17500,
  views: 100,
  isFavorite: false,
  isTopSpotted: false,
  images: [photo(1, true), photo(2)],
  isFirstOwner: false,
  isFixedPrice: true,
  isRedPlate: false,
  isDirectFinanceAvailable: true,
  millage: 89000,
  fuel: 'Diesel',
  fuelId: 2,
  year: 2017,
  transmission: 'Automatic',
  driveTrain: 'Front-wheel drive (FWD)',
  body: 'SUV',
  doorNumber: '5',
  cubics: 2191,
  batteryCapacity: 0,
  batteryRange: 0,
  chargerType: null,
  power: 150,
  emissionClass: 'Euro 6',
  steeringWheelSide: 'Right',
  acType: 'Dual-zone',
  color: 'Red',
  registrationExpiration: '11.2027',
  origin: 'Imported from UK',
  chassisNumber: null,
  safety: [{ id: 1, name: 'ABS' }],
  equipment: [{ id: 2, name: 'Navigation' }],
  description: 'Full service history.',
  createdAt: '2026-11-07T18:13:09.039Z',
  publishedAt: '2026-11-08T09:00:00.000Z',
  daysListed: 3,
  priceHistory: [{ price: 17500, date: '2026-11-08T09:00:00.000Z' }],
  priceInsight: { band: null, estimate: null, comparables: 0, prices: [] },
  user: {
    id: 6,
    role: 3,
    firstName: 'Island Motors',
    lastName: '',
    address: 'Triq il-Kbira',
    city: 'Qormi',
    email: 'sales@islandmotors.example.mt',
    phone: '21441234',
    phone2: '',
    phone3: '79001122',
    imageUrl: null,
  },
  userCars: [],
  similarCars: [],
};

describe('specificationRows', () => {
  it('lists a combustion car with its engine size and units', () => {
    const rows = specificationRows(car);
    expect(rows.map((r) => r.label)).toEqual([
      'Mileage',
      'Fuel',
      'Year',
      'Transmission',
      'Drive train',
      'Body',
      'Door number',
      'Engine size',
      'Power',
      'Emission class',
      'Steering wheel side',
      'AC',
      'Color',
      'Registered until',
      'Origin',
    ]);
    expect(rows.find((r) => r.key === 'cubics')?.value).toBe('2,191 CC');
    expect(rows.find((r) => r.key === 'millage')?.value).toBe('89,000 mi');
    expect(rows.find((r) => r.key === 'power')?.value).toBe('150 hp');
  });

  it('shows the battery instead of the engine and no drive train for electric cars', () => {
    const electric = {
      ...car,
      fuelId: 3,
      fuel: 'Electric',
      batteryCapacity: 64,
      batteryRange: 280,
      chargerType: 'Type 2',
    };
    const labels = specificationRows(electric).map((r) => r.label);
    expect(labels).toContain('Battery capacity');
    expect(labels).toContain('Charger type');
    expect(labels).not.toContain('Engine size');
    expect(labels).not.toContain('Drive train');
  });

  it("reads the registration as month and year, or 'Not registered'", () => {
    expect(registeredUntil('11.2027')).toBe('November 2027');
    expect(registeredUntil(null)).toBe('Not registered');
  });
});

describe('contact and location', () => {
  it('puts the comma only between a location and a city', () => {
    expect(place('Triq il-Kbira', 'Qormi')).toBe('Triq il-Kbira, Qormi');
    expect(place('', 'Qormi')).toBe('Qormi');
    expect(place(null, null)).toBe('');
  });

  it('prefixes the phones with +356 and skips the empty ones', () => {
    expect(sellerPhones(car.user)).toEqual(['+356 21441234', '+356 79001122']);
  });
});

describe('changedFields', () => {
  it('finds the fields an edit changes, photos and lists included', () => {
    const edit = {
      ...car,
      id: 9,
      originalId: 4,
      price: 16900,
      title: 'Mazda CX-5 2.2d, reduced',
      safety: [...car.safety, { id: 3, name: 'ISOFIX' }],
      images: [photo(1, true), photo(2), photo(3)],
      isFirstOwner: true,
    };
    expect([...changedFields(edit, car)].sort()).toEqual(
      ['images', 'isFirstOwner', 'price', 'safety', 'title'].sort(),
    );
    expect(previousValue(car, 'price')).toBe('€17,500');
    expect(previousValue(car, 'isFirstOwner')).toBe('No');
    expect(previousValue(car, 'title')).toBe('Mazda CX-5 2.2d');
    expect(previousValue(car, 'images')).toBe('2 photos');
  });

  it('finds nothing without an original or without a change', () => {
    expect(changedFields(car, null).size).toBe(0);
    expect(changedFields({ ...car, id: 9, views: 0 }, car).size).toBe(0);
  });
});
