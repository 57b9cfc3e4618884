import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { privatePayload, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from './unstorable-text.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a NUL character in a request', () => {
  it.each([
    ['/api/user/login', { email: 'a\u0000@b.mt', password: 'x' }],
    ['/api/user/register/private', privatePayload({ firstName: 'Ann\u0000' })],
    ['/api/contact/send', { name: 'A', email: 'a@b.mt', phone: '1', message: 'hi\u0000' }],
    ['/api/user/password/forgot', { email: '\u0000' }],
    ['/api/cars/search', { chassisNumber: 'WVW\u0000' }],
    ['/api/payment/transaction/check', { sessionId: 'cs_\u0000' }],
  ])('%s answers 400 with a clear message, never 500', async (path, body) => {
    // Raw bodies through each path (the contact one not even of the route's shape).
    const res = await ctx.request('POST', path, { body });
    expect(res).toMatchObject({ status: 400, code: 400, message: NUL_MESSAGE });
  });

  it('in the address answers 400 too, and a body without one still works', async () => {
    const res = await ctx.request('GET', '/api/cars/brands/1%00/models');
    expect(res).toMatchObject({ status: 400, message: NUL_MESSAGE });
    const ok = await ctx
      .client()
      .call((r) => r.cars.search.$post({ json: { chassisNumber: 'WVW' } as SearchRequest }));
    expect(ok.status).toBe(200);
  });
});

describe('an unpaired UTF-16 surrogate in a JSON body', () => {
  it('answers 400 with a clear message for a user and an admin, and stores nothing', async () => {
    const user = await signUp(ctx);
    const search = await ctx.request('POST', '/api/saved-searches', {
      token: user.accessToken,
      body: { name: 'x', filters: { chassisNumber: 'AB\ud800' } },
    });
    expect(search).toMatchObject({ status: 400, code: 400, message: LONE_SURROGATE_MESSAGE });
    const saved = await ctx.client(user.accessToken).call((r) => r['saved-searches'].$get());
    expect(saved.data).toEqual([]);

    const admin = await signUpAdmin(ctx);
    const make = await ctx.request('POST', '/api/cars/brands/add', {
      token: admin.accessToken,
      body: { name: 'Make \udc00' },
    });
    expect(make).toMatchObject({ status: 400, message: LONE_SURROGATE_MESSAGE });
    // In a key too.
    const key = await ctx.request('POST', '/api/cars/search', { raw: '{"\\ud800x":1}' });
    expect(key).toMatchObject({ status: 400, message: LONE_SURROGATE_MESSAGE });
  });

  it('lets a paired one through: a character beyond U+FFFF, escaped or not', async () => {
    const admin = await signUpAdmin(ctx);
    for (const [name, raw] of [
      ['Escaped \u{1F697}', '{"name":"Escaped \\ud83d\\ude97"}'],
      ['Raw \u{1F697}', JSON.stringify({ name: 'Raw \u{1F697}' })],
    ] as const) {
      const res = await ctx.request('POST', '/api/cars/brands/add', {
        token: admin.accessToken,
        raw,
      });
      expect(res).toMatchObject({ status: 200, data: { name } });
    }
  });
});

describe('access tokens', () => {
  it('refuses a correctly signed token without an expiry', async () => {
    const user = await signUp(ctx);
    const forever = await new SignJWT({ role: 2, email: user.email, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.userId))
      .setIssuer('spotted')
      .setIssuedAt()
      .sign(ctx.deps.jwtKey);
    const res = await ctx
      .client(forever)
      .call((r) => r.user[':id'].$get({ param: { id: String(user.userId) } }));
    expect(res).toMatchObject({ status: 401, message: 'Invalid token' });
  });
});
