import { describe, expect, it } from 'vitest';
import {
  exceedsMaximum,
  fitWithin,
  invalidFilesMessage,
  isImageFile,
  splitFiles,
} from './photos.ts';

describe('photo type filter', () => {
  it('accepts jpeg, jpg, png, webp and avif', () => {
    for (const [name, type] of [
      ['a.jpeg', 'image/jpeg'],
      ['b.JPG', 'image/jpeg'],
      ['c.png', 'image/png'],
      ['d.webp', 'image/webp'],
      ['e.avif', 'image/avif'],
      ['f.avif', ''],
      ['g.JPEG', ''],
    ] as const)
      expect(isImageFile({ name, type }), name).toBe(true);
  });

  it('rejects other files and names them', () => {
    const { accepted, rejected } = splitFiles([
      { name: 'car.png', type: 'image/png' },
      { name: 'anim.gif', type: 'image/gif' },
      { name: 'notes.txt', type: 'text/plain' },
      { name: 'photo.heic', type: '' },
      { name: 'fake.jpg', type: 'application/pdf' },
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['car.png']);
    expect(rejected).toEqual(['anim.gif', 'notes.txt', 'photo.heic', 'fake.jpg']);
    expect(invalidFilesMessage(rejected.slice(0, 2))).toBe(
      'The following files were not uploaded because they are not valid image formats: anim.gif, notes.txt',
    );
  });
});

describe('photo limits', () => {
  it('allows at most 20 photos in total', () => {
    expect(exceedsMaximum(0, 20)).toBe(false);
    expect(exceedsMaximum(15, 5)).toBe(false);
    expect(exceedsMaximum(15, 6)).toBe(true);
    expect(exceedsMaximum(0, 21)).toBe(true);
  });
});

describe('downscaling', () => {
  it('fits the longer side into 840 px, keeping proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 840, height: 630 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 473, height: 840 });
    expect(fitWithin(840, 840)).toEqual({ width: 840, height: 840 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(5000, 2)).toEqual({ width: 840, height: 1 });
  });
});
