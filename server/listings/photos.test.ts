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
  deletePhotos,
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

describe('savePhotos', () => {
  it('stores an 840 px JPEG without EXIF/GPS plus a card version', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const [saved] = await savePhotos(storage, [
      photo(original, { image: `data:image/jpeg;base64,${original.toString('base64')}` }),
    ]);
    expect(saved).toMatchObject({ width: 840, height: 630, isCover: true, position: 0 });
    expect(saved!.key).toMatch(/^listings\/[0-9a-f]+\.jpg$/);
    expect(photoUrl(saved!.key)).toBe(`/images/${saved!.key}`);
    expect(cardUrl(saved!.key)).toBe(`/images/${saved!.key.replace('.jpg', '-card.jpg')}`);

    const full = (await storage.get(saved!.key))!;
    const card = (await storage.get(cardKey(saved!.key)))!;
    for (const body of [full, card]) {
      expect(body.subarray(0, 3)).toEqual(JPEG_MAGIC);
      expect((await sharp(body).metadata()).exif).toBeUndefined();
    }
    expect(await sharp(full).metadata()).toMatchObject({ format: 'jpeg', width: 840, height: 630 });
    expect(await sharp(card).metadata()).toMatchObject({ width: 480, height: 360 });
    expect(await storedFiles()).toHaveLength(2);
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
      { id: 1, key: first!.key },
      { id: 2, key: second!.key },
    ];
    const before = await storedFiles();

    const resent = await savePhotos(
      storage,
      [{ id: 1, image: await photoAsBase64(storage, first!.key), isCover: false }],
      existing,
    );
    expect(resent).toEqual([
      { key: first!.key, width: 840, height: 630, isCover: true, position: 0 },
    ]);
    expect(await storedFiles()).toEqual(before);

    const changed = await noisy(1200, 900).jpeg().toBuffer();
    const [replaced] = await savePhotos(storage, [photo(changed, { id: 2 })], existing);
    expect(replaced!.key).not.toBe(second!.key);
    expect(await storedFiles()).toHaveLength(before.length + 2);
  });
});

describe('photoAsBase64 and deletePhotos', () => {
  it('round-trips the stored file and removes both versions', async () => {
    const [saved] = await savePhotos(storage, [photo(await jpegWithGps())]);
    const base64 = await photoAsBase64(storage, saved!.key);
    expect(Buffer.from(base64, 'base64').equals((await storage.get(saved!.key))!)).toBe(true);

    await deletePhotos(storage, [saved!.key]);
    expect(await storedFiles()).toEqual([]);
    await expect(photoAsBase64(storage, saved!.key)).rejects.toThrow();
  });
});
