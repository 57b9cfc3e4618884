import { describe, expect, it } from 'vitest';
import { listingPayloadSchema } from '#shared/schemas/listing-payload.ts';
import { listingProblem, listingProblems } from '#shared/schemas/listing-rules.ts';
import {
  controlOf,
  emptyValues,
  photosFromDetails,
  retypedMileage,
  toPayload,
  valuesFromDetails,
  type EditDetails,
  type FormValues,
} from './form-values.ts';
import { emptyFilters } from '../search/filters.ts';
import { mileageStored } from '../search/mileage-filters.ts';
import type { Photo } from './photos.ts';

const photos: Photo[] = Array.from({ length: 5 }, (_, i) => ({
  key: `p${i}`,
  image: `AAA${i}`,
  name: `p${i}.png`,
}));
const extra = { userId: 7, currency: '€', unit: 'mi' } as const;
const ctx = { mode: 'add' as const, minYear: 1950, maxYear: 2027 };

const petrol: FormValues = {
  ...emptyValues,
  brand: 1,
  model: 2,
  title: ' Yaris ',
  body: 1,
  fuel: 1,
  doorNumber: 3,
  emissionClass: 6,
  driveTrain: 1,
  transmission: 2,
  steeringWheelSide: 1,
  acType: 2,
  origin: 1,
  carColor: 3,
  adTypeId: 3,
  price: '9500',
  cubics: '1300',
  power: '99',
  millage: '42000',
  year: '2018',
  registrationExpiration: '06.2027',
  batteryCapacity: '40',
  batteryRange: '300',
  chargerType: 2,
  description: 'Line one\nLine two',
  personalDataAgreement: true,
};

describe('the payload', () => {
  it('sends numbers as numbers, the cover flag and no battery values for a petrol car', () => {
    const payload = toPayload(petrol, photos, 2, extra);
    expect(payload).toMatchObject({
      title: 'Yaris',
      price: 9500,
      cubics: 1300,
      batteryCapacity: 0,
      batteryRange: 0,
      chargerType: null,
      driveTrain: 1,
      year: 2018,
      millage: 42000,
      description: 'Line one\nLine two',
      categoryId: 1,
      userId: 7,
      currency: '€',
    });
    expect(payload.images.map((i) => i.isCover)).toEqual([false, false, true, false, false]);
    expect(payload.images[0]).toEqual({ image: 'AAA0', isCover: false, name: 'p0.png' });
    expect(listingPayloadSchema.safeParse(payload).success).toBe(true);
    expect(listingProblem(payload, ctx)).toBeNull();
  });

  it('stores a mileage typed in km in miles, as a search for the same km asks for it', () => {
    const inKm = toPayload({ ...petrol, millage: '50000' }, photos, 0, { ...extra, unit: 'km' });
    expect(inKm.millage).toBe(31_069);
    const searched = mileageStored({ ...emptyFilters(), maxMillage: '50000' }, 'km');
    expect(searched.maxMillage).toBe(String(inKm.millage));
  });

  it('keeps a typed mileage when the unit switches, and shows it back as typed', () => {
    expect(retypedMileage('50000', 'km', 'mi')).toBe('31069');
    expect(retypedMileage('31069', 'mi', 'km')).toBe('50000');
    expect(retypedMileage('', 'mi', 'km')).toBe('');
  });

  it('sends engine size 0 and no drive train for an electric car', () => {
    const payload = toPayload({ ...petrol, fuel: 3 }, photos, 0, extra);
    expect(payload).toMatchObject({
      cubics: 0,
      driveTrain: null,
      batteryCapacity: 40,
      batteryRange: 300,
      chargerType: 2,
    });
  });

  it("leaves the registration out until chosen, and sends null for 'Not registered'", () => {
    const none = toPayload({ ...petrol, registrationExpiration: undefined }, photos, 0, extra);
    expect('registrationExpiration' in none).toBe(false);
    expect(listingProblem(none, ctx)?.message).toBe('You have to select registration expiration');
    const notRegistered = toPayload({ ...petrol, registrationExpiration: null }, photos, 0, extra);
    expect(notRegistered.registrationExpiration).toBeNull();
    expect(listingProblem(notRegistered, ctx)).toBeNull();
  });

  it('keeps the ids of stored photos', () => {
    const stored: Photo[] = [{ key: 's1', id: 41, image: 'BBB' }, ...photos];
    expect(toPayload(petrol, stored, 0, extra).images[0]).toEqual({
      id: 41,
      image: 'BBB',
      isCover: true,
    });
  });
});

describe('the rules, walked as the form fills up', () => {
  it('reports each of the 26 rules in the spec order', () => {
    const steps: [Partial<FormValues> | 'photos', string][] = [
      ['photos', 'You have to upload minimum 5 images'],
      [{ brand: 1 }, 'You have to select make'],
      [{ model: 2 }, 'You have to select model'],
      [{ title: 'Yaris' }, 'You have to enter listing header'],
      [{ body: 1 }, 'You have to select body'],
      [{ fuel: 1 }, 'You have to select fuel'],
      [{ doorNumber: 3 }, 'You have to select door number'],
      [{ emissionClass: 6 }, 'You have to select emission class'],
      [{ driveTrain: 1 }, 'You have to select drive train'],
      [{ transmission: 2 }, 'You have to select transmission'],
      [{ steeringWheelSide: 1 }, 'You have to select steering wheel side'],
      [{ acType: 2 }, 'You have to select AC type'],
      [{ origin: 1 }, 'You have to select vehicle origin'],
      [{ carColor: 3 }, 'You have to select car color'],
      [{ adTypeId: 3 }, 'You have to select listing type'],
      [{ price: '9500' }, 'You have to enter car price'],
      [{ fuel: 3 }, 'You have to enter car engine size'],
      [{ batteryCapacity: '58.5' }, 'You have to enter car battery capacity'],
      [{ batteryRange: '420' }, 'You have to enter car battery range'],
      [{ chargerType: 2 }, 'You have to enter car charger type'],
      [{ power: '150' }, 'You have to enter car power'],
      [{ millage: '0' }, 'You have to enter car mileage'],
      [{ year: '1900' }, 'You have to enter manufacture year'],
      [{ year: '2020' }, 'Year have to be in range of 1950 - 2027'],
      [{ registrationExpiration: null }, 'You have to select registration expiration'],
      [{ personalDataAgreement: true }, 'You have to agree on storing personal data'],
    ];
    let values: FormValues = { ...emptyValues };
    let current: Photo[] = [];
    for (const [change, expected] of steps) {
      const before = toPayload(values, current, 0, extra);
      const problem = listingProblem(before, ctx);
      expect(problem?.message).toBe(expected);
      expect(controlOf(problem!.field)).toMatch(/^lf-/);
      if (change === 'photos') current = photos;
      else values = { ...values, ...change };
    }
    expect(listingProblem(toPayload(values, current, 0, extra), ctx)).toBeNull();
  });

  it('names every broken rule at once, in the spec order, each with its own field', () => {
    const values = {
      ...petrol,
      model: null,
      price: '',
      year: '1900',
      personalDataAgreement: false,
    };
    const problems = listingProblems(toPayload(values, photos.slice(0, 3), 0, extra), ctx);
    expect(problems.map((p) => p.message)).toEqual([
      'You have to upload minimum 5 images',
      'You have to select model',
      'You have to enter car price',
      'Year have to be in range of 1950 - 2027',
      'You have to agree on storing personal data',
    ]);
    expect(problems.map((p) => controlOf(p.field))).toEqual([
      'lf-photos-add',
      'lf-model',
      'lf-price',
      'lf-year',
      'lf-agreement',
    ]);
    expect(listingProblem(toPayload(values, photos, 0, extra), ctx)).toEqual(problems[1]);
  });

  it('skips the listing type and the agreement when editing', () => {
    const values = { ...petrol, adTypeId: null, personalDataAgreement: false };
    expect(listingProblem(toPayload(values, photos, 0, extra), { ...ctx, mode: 'edit' })).toBe(
      null,
    );
  });
});

describe('editing', () => {
  const details = {
    id: 9,
    brand: 4,
    model: 12,
    title: 'Leaf',
    fuel: 3,
    cubics: 0,
    batteryCapacity: 40,
    batteryRange: 270,
    chargerType: 2,
    driveTrain: null,
    price: 12000,
    millage: 0,
    power: 150,
    year: 2019,
    chassisNumber: null,
    registrationExpiration: '04.2027',
    adTypeId: 2,
    images: [
      { id: 1, image: 'A', isCover: false },
      { id: 2, image: 'B', isCover: true },
    ],
  } as unknown as EditDetails;

  it('fills the form from the edit details, leaving the model to be reselected', () => {
    expect(valuesFromDetails({ ...details, millage: 31_069 }, 'km').millage).toBe('50000');
    expect(valuesFromDetails(details, 'mi')).toMatchObject({
      brand: 4,
      model: null,
      cubics: '',
      batteryCapacity: '40',
      millage: '0',
      chassisNumber: '',
      registrationExpiration: '04.2027',
      adTypeId: 2,
    });
    expect(photosFromDetails(details)).toEqual({
      photos: [
        { key: 'stored-1', id: 1, image: 'A' },
        { key: 'stored-2', id: 2, image: 'B' },
      ],
      cover: 1,
    });
  });
});
