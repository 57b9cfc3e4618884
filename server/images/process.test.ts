import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngClaiming } from '../../tests/support/images.ts';
import { ApiError } from '../http/errors.ts';
import {
  checkUpload,
  DECODES_AT_ONCE,
  MAX_IMAGE_PIXELS,
  uploadAsJpeg,
  withPixels,
  type Pixels,
} from './process.ts';

const INVALID = 'The following files were not uploaded because they are not valid image formats';

const picture = (width = 600, height = 400) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
const base64 = (bytes: Buffer) => bytes.toString('base64');

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('uploadAsJpeg', () => {
  it.each([
    ['JPEG', () => picture().jpeg().toBuffer()],
    ['PNG', () => picture().png().toBuffer()],
  ])('refuses a truncated %s as not an image (its header alone is fine)', async (_, make) => {
    const whole = await make();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    expect((await sharp(cut).metadata()).width).toBe(600);
    const error = await refusal(uploadAsJpeg(base64(cut), 'Logo', 400));
    expect([error.status, error.message]).toEqual([422, `${INVALID}: Logo`]);
  });

  it('refuses SVG, HTML, GIF, HEIC-like and truncated WebP bytes, whatever they claim to be', async () => {
    const webp = await picture().webp().toBuffer();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;
    const uploads = [
      base64(Buffer.from(svg)),
      `data:image/png;base64,${base64(Buffer.from('<!doctype html><script>alert(1)</script>'))}`,
      base64(await picture(50, 50).gif().toBuffer()),
      // An ISO box header that is not AVIF: sharp would read it as HEIF at best.
      base64(Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0heicmif1', 'latin1')])),
      base64(webp.subarray(0, webp.length / 2)),
      '',
    ];
    for (const upload of uploads) {
      const error = await refusal(uploadAsJpeg(upload, 'Image', 840));
      expect([error.status, error.message]).toEqual([422, `${INVALID}: Image`]);
    }
  });

  it('re-encodes a JPEG with a script appended into a plain JPEG', async () => {
    const polyglot = Buffer.concat([
      await picture().jpeg().toBuffer(),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const { body } = await uploadAsJpeg(base64(polyglot), 'Image', 840);
    expect(body.includes('<script')).toBe(false);
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(body.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('strips EXIF, GPS and ICC from what it stores', async () => {
    const original = await picture(1200, 900)
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 53/1 0/1' } })
      .withIccProfile('p3')
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { body, width } = await uploadAsJpeg(base64(original), 'Logo', 400);
    const meta = await sharp(body).metadata();
    expect([width, meta.exif, meta.icc, meta.xmp]).toEqual([400, undefined, undefined, undefined]);
  });
});

describe('checkUpload', () => {
  it('refuses a picture over the pixel cap from its header, however small the file', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
    for (const [width, height] of [
      [12_000, 12_000],
      [25_001, 1000],
    ] as const) {
      const error = await refusal(checkUpload(base64(pngClaiming(width, height)), 'bomb.png'));
      expect([error.status, error.message]).toEqual([413, 'bomb.png is larger than 25 megapixels']);
    }
    // A real one, every pixel there: 5100 x 5100 of one colour is 100 kB of PNG.
    const bomb = await sharp({
      create: { width: 5100, height: 5100, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(150_000);
    expect((await refusal(checkUpload(base64(bomb), 'bomb.png'))).status).toBe(413);
  });

  it('accepts a 24 MP photo by its header', async () => {
    const header = pngClaiming(6000, 4000);
    expect((await checkUpload(base64(header), 'phone.png')).equals(header)).toBe(true);
  });
});

describe('withPixels', () => {
  it(`decodes at most ${DECODES_AT_ONCE} uploads at once across the whole process`, async () => {
    const bytes = await picture(200, 150).png().toBuffer();
    let running = 0;
    let most = 0;
    const render = async (pixels: Pixels) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return pixels.width;
    };
    // Three "requests" of three photos each, all at once.
    const requests = Array.from({ length: 3 }, () =>
      Promise.all(Array.from({ length: 3 }, () => withPixels(bytes, 'photo', 100, render))),
    );
    expect((await Promise.all(requests)).flat()).toEqual(Array(9).fill(100));
    expect(most).toBe(DECODES_AT_ONCE);
  });

  it('frees the slot of an upload that fails to decode', async () => {
    const whole = await picture().png().toBuffer();
    const cut = whole.subarray(0, whole.length / 2);
    const failures = await Promise.allSettled(
      Array.from({ length: DECODES_AT_ONCE + 1 }, () =>
        withPixels(cut, 'cut.png', 100, async () => 'decoded'),
      ),
    );
    expect(failures.every((f) => f.status === 'rejected')).toBe(true);
    expect(await withPixels(await picture().png().toBuffer(), 'ok', 100, async () => 'ok')).toBe(
      'ok',
    );
  });
});
