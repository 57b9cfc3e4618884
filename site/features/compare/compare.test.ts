import { describe, expect, it } from 'vitest';
import { ELECTRIC_FUEL_ID } from '#shared/limits.ts';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import { sampleCar } from '../../../tests/support/car-detail.ts';
import { compareHref, compareRows, parseIds, toggleCompare } from './compare.ts';

describe('choosing cars to compare', () => {
  it('adds a car while there is room, takes it out on a second tap, refuses a fourth', () => {
    let ids: number[] = [];
    for (const id of [4, 9, 12]) ids = toggleCompare(ids, id).ids;
    expect(ids).toEqual([4, 9, 12]);
    expect(toggleCompare(ids, 20)).toEqual({ ids: [4, 9, 12], full: true });
    expect(toggleCompare(ids, 9)).toEqual({ ids: [4, 12], full: false });
  });

  it('reads the ids of the address, ignoring junk and repeats, three at most', () => {
    expect(parseIds('3,x,3,-1,0,7,8,9')).toEqual([3, 7, 8]);
    expect(parseIds(null)).toEqual([]);
    expect(compareHref([3, 7])).toBe('/compare?ids=3,7');
  });
});

describe('the comparison table', () => {
  const petrol: CarDetail = {
    ...sampleCar,
    id: 1,
    price: 9000,
    millage: 50_000,
    isFirstOwner: true,
  };
  const electric: CarDetail = {
    ...sampleCar,
    id: 2,
    price: 9000,
    fuel: 'Electric',
    fuelId: ELECTRIC_FUEL_ID,
    batteryCapacity: 40,
    batteryRange: 150,
    chargerType: 'Type 2',
    millage: 20_000,
    isFirstOwner: false,
    priceInsight: { ...sampleCar.priceInsight, band: 'GREAT' },
  };

  it('shows every row side by side and marks the rows that differ', () => {
    const rows = compareRows([petrol, electric], 'mi');
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(row('Price')).toMatchObject({ values: ['€9,000', '€9,000'], differs: false });
    expect(row('Price rating')?.values[1]).toBe('Great price');
    expect(row('Mileage')).toMatchObject({ values: ['50,000 mi', '20,000 mi'], differs: true });
    expect(row('Engine size')?.values[1]).toBe('—');
    expect(
      compareRows([petrol, electric], 'km').find((r) => r.label === 'Mileage')?.values,
    ).toEqual(['80,467 km', '32,187 km']);
    expect(row('Battery capacity')?.values).toEqual(['—', '40 kWh']);
    expect(row('First owner')).toMatchObject({ values: ['Yes', 'No'], differs: true });
  });
});
