import { describe, expect, it } from 'vitest';
import { configurationSchema } from '#shared/schemas/configuration.ts';
import { configurationGroups } from './configurationFields.ts';

describe('configurationGroups', () => {
  it('has every configuration field exactly once', () => {
    const sources = configurationGroups.flatMap((g) => g.fields.map((f) => f.source));
    expect([...sources].sort()).toEqual(Object.keys(configurationSchema.shape).sort());
  });

  it('keeps the spec limits of the two texts', () => {
    const fields = configurationGroups.flatMap((g) => g.fields);
    expect(fields.find((f) => f.source === 'releaseNotes')?.max).toBe(200);
    expect(fields.find((f) => f.source === 'aboutText')?.max).toBe(2000);
  });
});
