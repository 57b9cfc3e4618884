import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startS3, type TestS3 } from '../../tests/support/s3.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { parseS3Url, s3Storage } from './s3.ts';
import { localStorage, newKey, type Storage } from './storage.ts';

/**
 * The storage contract, run against local disk and a real S3-protocol server on 127.0.0.1
 * (s3rver): the same calls must behave the same on both. Storage needs no database, so it runs in
 * one database project only (the run's primary engine).
 */

let s3: TestS3;
let dir: string;
const kinds: Record<string, () => Storage> = {
  'local disk': () => localStorage(path.join(dir, 'uploads')),
  'S3 (s3rver)': () => s3Storage(parseS3Url(s3.url)),
};

beforeAll(async () => {
  s3 = await startS3();
  dir = await mkdtemp(path.join(tmpdir(), 'spotted-storage-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const bytes = Buffer.from('not really a jpeg, but bytes are bytes');
const streamed = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe.runIf(inject('primaryEngine')).for(Object.keys(kinds))('storage on %s', (kind) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = kinds[kind]!();
    await storage.check();
  });

  it('gives back what was put, whole and as a stream, and lists it', async () => {
    const key = newKey('listings');
    await storage.put(key, bytes, 'image/jpeg');
    expect(await storage.get(key)).toEqual(bytes);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(bytes.length);
    expect(await streamed(opened!.body)).toEqual(bytes);
    const listed: string[] = [];
    for await (const object of storage.list()) listed.push(object.key);
    expect(listed).toContain(key);
  });

  it('forgets a deleted object, and deleting twice is no error', async () => {
    const key = newKey('logos');
    await storage.put(key, bytes, 'image/jpeg');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('listings/never-stored.jpg')).toBeNull();
    expect(await storage.open('listings/never-stored.webp')).toBeNull();
  });

  it.for(['../escape.jpg', 'listings/../../etc/passwd.jpg', '/etc/hosts.jpg', 'notes.txt', ''])(
    'refuses the unsafe key %j for every call',
    async (key) => {
      await expect(storage.put(key, bytes, 'image/jpeg')).rejects.toThrow('Unsafe storage key');
      await expect(storage.get(key)).rejects.toThrow('Unsafe storage key');
      await expect(storage.open(key)).rejects.toThrow('Unsafe storage key');
      await expect(storage.delete(key)).rejects.toThrow('Unsafe storage key');
    },
  );
});

describe.runIf(inject('primaryEngine'))('/images/ on S3 storage', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('streams a stored photo with the same year-long caching as local disk', async () => {
    ctx = await createTestContext({ STORAGE_URL: s3.url });
    const key = newKey('listings');
    await ctx.deps.storage.put(key, bytes, 'image/jpeg');
    const res = await ctx.app.request(`/images/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect((await ctx.app.request('/images/listings/missing.jpg')).status).toBe(404);
  });

  it('redirects to the public bucket address when STORAGE_PUBLIC_URL is set', async () => {
    const publicCtx = await createTestContext({
      STORAGE_URL: s3.url,
      STORAGE_PUBLIC_URL: 'https://photos.example.mt/spotted',
    });
    try {
      const res = await publicCtx.app.request('/images/listings/ab12.webp');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(
        'https://photos.example.mt/spotted/listings/ab12.webp',
      );
      expect((await publicCtx.app.request('/images/../secret.jpg')).status).toBe(404);
    } finally {
      await publicCtx.close();
    }
  });
});
