import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp } from '../../tests/support/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the envelope', () => {
  it('wraps a success as code 0 with data', async () => {
    const res = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('');
    expect(Array.isArray(res.data)).toBe(true);
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    // A path the typed client does not know.
    const res = await ctx.request('GET', '/api/no/such/route');
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect(res.message).toMatch(/No API route/);
    expect(res.data).toBeNull();
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const res = await ctx.request('POST', '/api/user/login', { raw: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.message).toBe('Malformed JSON in request body');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await ctx.request('POST', '/api/user/login', {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.message).toMatch(/JSON/);
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx.client().call((r) =>
      r.user.login.$post({
        json: {
          email: 'a@b.mt',
          password: 'x'.repeat(2 * 1024 * 1024),
        },
      }),
    );
    expect(res.status).toBe(413);
    expect(res.message).toBe('The request is too large');
  });

  it('answers a failed rule with the first broken rule of the spec', async () => {
    const res = await ctx
      .client()
      .call((r) => r.user.login.$post({ json: { email: '', password: '' } }));
    expect(res.status).toBe(400);
    expect(res.message).toBe('You have to enter email field');
  });

  it('names the field when a value has the wrong type', async () => {
    const res = await ctx
      .client()
      .call((r) => r.cars.models.add.$post({ json: { brandId: 1, name: 'X' } }));
    expect(res.status).toBe(401);
    const admin = await ctx
      .client()
      .call((r) => r.cars.brands[':brandId'].models.$get({ param: { brandId: 'abc' }, query: {} }));
    expect(admin.status).toBe(400);
    expect(admin.message).toBe('Id must be a number');
  });

  it('answers 401 for a missing, tampered or expired token and 403 for non-admins', async () => {
    expect((await ctx.client().call((r) => r.configuration.menu.admin.$get())).status).toBe(401);
    const user = await signUp(ctx);
    const tampered =
      user.accessToken.slice(0, -3) + (user.accessToken.endsWith('a') ? 'bcd' : 'abc');
    const bad = await ctx.client(tampered).call((r) => r.configuration.menu.admin.$get());
    expect(bad.status).toBe(401);
    expect(bad.message).toBe('Invalid token');
    const denied = await ctx
      .client(user.accessToken)
      .call((r) => r.configuration.menu.admin.$get());
    expect(denied.status).toBe(403);
    expect(denied.code).toBe(403);
  });

  it('never shows a stack trace', async () => {
    const res = await ctx.request('POST', '/api/user/refresh', { raw: '[]' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res)).not.toMatch(/at .*\.ts:\d+/);
  });
});
