import { describe, expect, it } from 'vitest';
import { carName } from './format.ts';

describe("a car's name", () => {
  it('is make, model and title', () => {
    expect(carName('Toyota', 'Yaris', '1.5 Hybrid, one owner')).toBe(
      'Toyota Yaris 1.5 Hybrid, one owner',
    );
  });

  it('says the make and model once when the title starts with them, in any case', () => {
    expect(carName('Toyota', 'Yaris', 'Toyota Yaris 1.5')).toBe('Toyota Yaris 1.5');
    expect(carName('Toyota', 'Yaris', 'toyota yaris, low mileage')).toBe(
      'toyota yaris, low mileage',
    );
    expect(carName('Kia', 'Picanto', 'Kia Picanto')).toBe('Kia Picanto');
  });

  it('keeps a title that only looks like the model', () => {
    expect(carName('Mazda', 'CX-3', 'CX-30 is not this')).toBe('Mazda CX-3 CX-30 is not this');
    expect(carName('BMW', '1 Series', 'BMW 1 Series118i')).toBe('BMW 1 Series BMW 1 Series118i');
  });
});
