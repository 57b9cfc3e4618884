import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const raw = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.request(path, { headers });

describe('API caching and compression', () => {
  it('lets anyone keep a public reference read, and answers 304 when it is unchanged', async () => {
    const first = await raw('/api/cars/brands');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=60, s-maxage=300/);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await raw('/api/cars/brands', { 'if-none-match': tag ?? '' });
    expect(again.status).toBe(304);
  });

  it("never lets a shared cache keep a user's private answer", async () => {
    const user = await signUp(ctx);
    const res = await raw(`/api/user/${user.userId}`, {
      authorization: `Bearer ${user.accessToken}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const balance = await raw(`/api/user/balance/${user.userId}`, {
      authorization: `Bearer ${user.accessToken}`,
    });
    expect(balance.headers.get('cache-control')).toBe('private, no-store');
  });

  it('compresses JSON for a client that accepts it', async () => {
    const res = await raw('/api/car/details/enumerables', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = (await new Response(
      res.body?.pipeThrough(new DecompressionStream('gzip')),
    ).json()) as { code: number };
    expect(body.code).toBe(0);
  });

  it('sends a listing in gzip with an ETag, and 304 to a client that has it', async () => {
    const [seller, admin] = [await signUp(ctx), await signUpAdmin(ctx)];
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const res = await raw(`/api/car/${id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString());
    expect(body).toMatchObject({ code: 0, data: { id } });
    const tag = res.headers.get('etag') ?? '';
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await raw(`/api/car/${id}`, {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': tag,
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});
