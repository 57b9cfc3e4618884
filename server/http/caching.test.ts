import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp } from '../../tests/support/factories.ts';

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
});
