import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { localStorage, type Storage } from '../storage/storage.ts';
import {
  cardKey,
  cardUrl,
  cardVersions,
  webpVersions,
  deletePhotos,
  largeKey,
  largeVersion,
  photoAsBase64,
  photoUrl,
  savePhotos,
  type PhotoInput,
} from './photos.ts';

let root: string;
let storage: Storage;
const folders: string[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'spotted-photos-'));
  folders.push(root);
  storage = localStorage(root);
});

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const storedFiles = async () =>
  (await readdir(root, { recursive: true })).filter((name) => name.includes('.')).sort();

function canvas(width: number, height: number, background = '#3366cc') {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Noise, unlike a flat colour, comes out different when a JPEG is re-encoded: like a real photo. */
const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080', // required by the types; the noise covers it
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

const jpegWithGps = () =>
  canvas(2000, 1500)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 53/1 0/1' },
    })
    .toBuffer();

const photo = (bytes: Buffer, extra: Partial<PhotoInput> = {}): PhotoInput => ({
  image: bytes.toString('base64'),
  isCover: false,
  ...extra,
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The bytes a public URL of a version serves from storage. */
const stored = async (url: string) => (await storage.get(url.replace(/^\/images\//, '')))!;

describe('savePhotos', () => {
  it('stores an 840 px JPEG, a full-screen JPEG, a JPEG card and WebP cards, all without EXIF/GPS', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const [saved] = await savePhotos(storage, [
      photo(original, { image: `data:image/jpeg;base64,${original.toString('base64')}` }),
    ]);
    expect(saved).toMatchObject({
      width: 840,
      height: 630,
      isCover: true,
      position: 0,
      cardWidths: [320, 480, 640, 840],
      largeWidth: 2000,
      largeHeight: 1500,
    });
    const key = saved!.key;
    expect(key).toMatch(/^listings\/[0-9a-f]+\.jpg$/);
    expect(photoUrl(key)).toBe(`/images/${key}`);
    expect(cardUrl(key)).toBe(`/images/${key.replace('.jpg', '-card.jpg')}`);
    const stem = `/images/${key.replace('.jpg', '')}`;
    expect(webpVersions(key, saved!.cardWidths)).toEqual([
      { url: `${stem}-320.webp`, width: 320 },
      { url: `${stem}-480.webp`, width: 480 },
      { url: `${stem}-640.webp`, width: 640 },
      { url: `${stem}-840.webp`, width: 840 },
    ]);
    // A card offers no version wider than 640 px.
    expect(cardVersions(key, saved!.cardWidths).map((v) => v.width)).toEqual([320, 480, 640]);
    expect(largeVersion(key, 2000, 1500)).toEqual({
      url: `${stem}-large.jpg`,
      width: 2000,
      height: 1500,
    });

    const full = (await storage.get(key))!;
    const card = (await storage.get(cardKey(key)))!;
    const large = (await storage.get(largeKey(key)))!;
    for (const body of [full, card, large]) {
      expect(body.subarray(0, 3)).toEqual(JPEG_MAGIC);
    }
    const webps = await Promise.all(webpVersions(key, saved!.cardWidths).map((v) => stored(v.url)));
    for (const body of [full, card, large, ...webps]) {
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    expect(await sharp(full).metadata()).toMatchObject({ format: 'jpeg', width: 840, height: 630 });
    expect(await sharp(card).metadata()).toMatchObject({ width: 480, height: 360 });
    expect(await sharp(large).metadata()).toMatchObject({ width: 2000, height: 1500 });
    const sizes = await Promise.all(webps.map((body) => sharp(body).metadata()));
    expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([
      ['webp', 320, 240],
      ['webp', 480, 360],
      ['webp', 640, 480],
      ['webp', 840, 630],
    ]);
    expect(await storedFiles()).toHaveLength(7);
  });

  it('keeps a full-screen version of at most 2048 px and never enlarges a small photo', async () => {
    const [huge, wide, small, tiny] = await savePhotos(storage, [
      photo(await canvas(3000, 2000).jpeg().toBuffer()),
      photo(await canvas(2000, 1000).png().toBuffer()),
      photo(await canvas(600, 450).jpeg().toBuffer()),
      photo(await canvas(200, 150).jpeg().toBuffer()),
    ]);
    expect(huge).toMatchObject({ width: 840, height: 560, largeWidth: 2048, largeHeight: 1365 });
    expect(await sharp((await storage.get(largeKey(huge!.key)))!).metadata()).toMatchObject({
      width: 2048,
      height: 1365,
    });
    expect(wide).toMatchObject({ width: 840, height: 420, largeWidth: 2000, largeHeight: 1000 });

    // Nothing larger than the upload: no full-screen version, cards no wider than the photo.
    expect(small).toMatchObject({
      width: 600,
      height: 450,
      cardWidths: [320, 480, 600],
      largeWidth: null,
      largeHeight: null,
    });
    expect(await storage.get(largeKey(small!.key))).toBeNull();
    const smallCards = cardVersions(small!.key, small!.cardWidths);
    expect(smallCards.map((v) => v.url.slice(-8))).toEqual(['320.webp', '480.webp', '640.webp']);
    expect((await sharp(await stored(smallCards[2]!.url)).metadata()).width).toBe(600);
    expect(tiny).toMatchObject({ width: 200, height: 150, cardWidths: [200], largeWidth: null });
    expect(
      (await sharp(await stored(cardVersions(tiny!.key, [200])[0]!.url)).metadata()).width,
    ).toBe(200);
  });

  it('accepts PNG, WebP and AVIF, and keeps a portrait photo upright', async () => {
    const png = await canvas(1000, 800).png().toBuffer();
    const webp = await canvas(1000, 800).webp().toBuffer();
    const avif = await canvas(1000, 800).avif().toBuffer();
    const portrait = await canvas(900, 1600).jpeg().toBuffer();
    // Sent as wrapped base64, the way some clients break long lines.
    const wrapped = { image: png.toString('base64').replace(/(.{76})/g, '$1\n'), isCover: false };

    const saved = await savePhotos(storage, [wrapped, photo(webp), photo(avif), photo(portrait)]);
    expect(saved.map(({ width, height }) => [width, height])).toEqual([
      [840, 672],
      [840, 672],
      [840, 672],
      [473, 840],
    ]);
    expect(saved.map((p) => p.position)).toEqual([0, 1, 2, 3]);
    const card = await sharp((await storage.get(cardKey(saved[3]!.key)))!).metadata();
    expect([card.width, card.height]).toEqual([270, 480]);
    // Card versions follow the width a card shows: the portrait's are as wide as the photo at most.
    expect(saved[3]!.cardWidths).toEqual([320, 473]);
    const [narrow, widest] = cardVersions(saved[3]!.key, saved[3]!.cardWidths);
    expect((await sharp(await stored(narrow!.url)).metadata()).height).toBe(569);
    expect((await sharp(await stored(widest!.url)).metadata()).width).toBe(473);
  });

  it('names every file that is not an accepted image and stores nothing', async () => {
    const good = await canvas(400, 300).jpeg().toBuffer();
    const gif = await canvas(50, 50).gif().toBuffer();
    const error = await rejection(
      savePhotos(storage, [
        photo(good),
        photo(gif, { name: 'anim.gif' }),
        photo(Buffer.from('just some notes'), { name: 'notes.txt' }),
      ]),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'The following files were not uploaded because they are not valid image formats: anim.gif, notes.txt',
    );
    expect(await storedFiles()).toEqual([]);
  });

  it('names an unnamed bad photo by its place, and counts empty or broken base64 as invalid', async () => {
    const good = await canvas(400, 300).jpeg().toBuffer();
    const error = await rejection(
      savePhotos(storage, [
        photo(good),
        photo(good),
        { image: 'data:image/png;base64,', isCover: false },
        { image: '%%% not base64 %%%', isCover: false },
      ]),
    );
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/: photo 3, photo 4$/);
    expect(await storedFiles()).toEqual([]);
  });

  it('rejects a photo over 10 MB with a 413 naming it', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    const error = await rejection(savePhotos(storage, [photo(huge, { name: 'huge.jpg' })]));
    expect(error.status).toBe(413);
    expect(error.message).toBe('huge.jpg is larger than 10 MB');
  });

  it('keeps exactly one cover: the first flagged, else the first photo', async () => {
    const bytes = await Promise.all(
      ['#111111', '#222222', '#333333', '#444444'].map((c) => canvas(200, 100, c).png().toBuffer()),
    );
    const flagged = await savePhotos(
      storage,
      bytes.map((b, i) => photo(b, { isCover: i >= 2 })),
    );
    expect(flagged.map((p) => p.isCover)).toEqual([false, false, true, false]);

    const none = await savePhotos(
      storage,
      bytes.map((b) => photo(b)),
    );
    expect(none.map((p) => p.isCover)).toEqual([true, false, false, false]);
  });

  it('keeps an unchanged existing photo as it is and re-encodes a changed one', async () => {
    const [first, second] = await savePhotos(storage, [
      photo(await noisy(2000, 1500).jpeg().toBuffer()),
      photo(await noisy(1200, 900).jpeg().toBuffer()),
    ]);
    const existing = [
      { id: 1, ...first! },
      { id: 2, ...second! },
    ];
    const before = await storedFiles();

    const resent = await savePhotos(
      storage,
      [{ id: 1, image: await photoAsBase64(storage, first!.key), isCover: false }],
      existing,
    );
    expect(resent).toEqual([
      {
        key: first!.key,
        width: 840,
        height: 630,
        cardWidths: [320, 480, 640, 840],
        largeWidth: 2000,
        largeHeight: 1500,
        phash: first!.phash,
        isCover: true,
        position: 0,
      },
    ]);
    expect(typeof first!.phash).toBe('bigint');
    expect(await storedFiles()).toEqual(before);

    const changed = await noisy(1200, 900).jpeg().toBuffer();
    const [replaced] = await savePhotos(storage, [photo(changed, { id: 2 })], existing);
    expect(replaced!.key).not.toBe(second!.key);
    // 840 px, JPEG card, four WebP versions and the 1200 px full-screen version.
    expect(await storedFiles()).toHaveLength(before.length + 7);
  });
});

describe('photoAsBase64 and deletePhotos', () => {
  it('round-trips the stored file and removes every version', async () => {
    const [saved] = await savePhotos(storage, [photo(await jpegWithGps())]);
    const base64 = await photoAsBase64(storage, saved!.key);
    expect(Buffer.from(base64, 'base64').equals((await storage.get(saved!.key))!)).toBe(true);

    await deletePhotos(storage, [saved!.key]);
    expect(await storedFiles()).toEqual([]);
    await expect(photoAsBase64(storage, saved!.key)).rejects.toThrow();
  });
});
