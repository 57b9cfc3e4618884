import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('rule messages without a message of their own', () => {
  it('say "greater than" for a positive number and "at least" for a minimum', () => {
    const carId = z.object({ carId: z.number().int().positive() });
    expect(messageOf(carId, { carId: 0 })).toBe('"carId" must be greater than 0');
    expect(messageOf(z.object({ days: z.number().min(1) }), { days: 0 })).toBe(
      '"days" must be at least 1',
    );
  });

  it('say "less than" for an exclusive maximum and "at most" for a maximum', () => {
    expect(messageOf(z.object({ n: z.number().lt(5) }), { n: 5 })).toBe('"n" must be less than 5');
    expect(messageOf(z.object({ n: z.number().max(5) }), { n: 6 })).toBe('"n" must be at most 5');
  });
});
