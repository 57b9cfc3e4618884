import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { login, PASSWORD, signUp, signUpAdmin, tinyPng } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';
import { users } from '../db/schema/index.ts';
import { expectOwnOnly, statusOf } from '../../tests/support/calls.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET user/{id}', () => {
  it('gives the user their own full profile', async () => {
    const session = await signUp(ctx);
    const res = await ctx
      .client(session.accessToken)
      .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: session.userId,
      role: 2,
      roleName: 'Individual',
      firstName: 'Maria',
      lastName: 'Borg',
      email: session.email,
      city: 'Sliema',
      phone: '79123456',
      dateOfBirth: '1990-04-12',
      image: null,
    });
  });

  it('gives a company its logo as base64 JPEG', async () => {
    const session = await signUp(ctx, 'company');
    const res = await ctx
      .client(session.accessToken)
      .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }));
    expect(res.data).toMatchObject({
      role: 3,
      roleName: 'Company',
      cNumber: '45123',
      vatNumber: '20451234',
    });
    expect(Buffer.from(res.data.image ?? '', 'base64').subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    const logo = await ctx.app.request(res.data.imageUrl ?? '');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/jpeg');
    expect(logo.headers.get('cache-control')).toContain('immutable');
  });

  it("refuses another user's profile (403) and anonymous callers (401); admins may read it", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    expect(
      await statusOf(ctx, a.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: String(b.userId) } }),
      ),
    ).toBe(403);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user[':id'].$get({ param: { id: String(b.userId) } }),
      ),
    ).toBe(401);
    const admin = await signUpAdmin(ctx);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.user[':id'].$get({ param: { id: String(b.userId) } }))
      ).data.email,
    ).toBe(b.email);
    expect(
      await statusOf(ctx, admin.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: '999999' } }),
      ),
    ).toBe(404);
  });
});

describe('GET user/info/{id}', () => {
  it('shows anyone the contact block of a seller with a live listing, and nothing private', async () => {
    const admin = await signUpAdmin(ctx);
    const session = await signUp(ctx, 'company');
    await liveListing(ctx, session.accessToken, admin.accessToken);
    const res = await ctx
      .client()
      .call((r) => r.user.info[':id'].$get({ param: { id: String(session.userId) } }));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: session.userId,
      role: 3,
      firstName: 'Island Motors',
      city: 'Qormi',
    });
    expect(Object.keys(res.data).sort()).toEqual(
      [
        'id',
        'role',
        'firstName',
        'lastName',
        'address',
        'city',
        'email',
        'phone',
        'phone2',
        'phone3',
        'imageUrl',
      ].sort(),
    );
    expect(
      await statusOf(ctx, undefined, (r) => r.user.info[':id'].$get({ param: { id: '999999' } })),
    ).toBe(404);
  });

  it('answers 404 for an account without a live listing, except to itself and admins', async () => {
    const admin = await signUpAdmin(ctx);
    const buyer = await signUp(ctx);
    const other = await signUp(ctx);
    const pending = await signUp(ctx);
    await submitListing(ctx, pending.accessToken);
    for (const id of [buyer.userId, pending.userId, admin.userId]) {
      expect(
        await ctx.client().call((r) => r.user.info[':id'].$get({ param: { id: String(id) } })),
      ).toMatchObject({
        status: 404,
        message: 'User not found',
        data: null,
      });
      expect(
        await statusOf(ctx, other.accessToken, (r) =>
          r.user.info[':id'].$get({ param: { id: String(id) } }),
        ),
      ).toBe(404);
    }
    expect(
      (
        await ctx
          .client(buyer.accessToken)
          .call((r) => r.user.info[':id'].$get({ param: { id: String(buyer.userId) } }))
      ).data,
    ).toMatchObject({ id: buyer.userId, email: buyer.email });
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.user.info[':id'].$get({ param: { id: String(buyer.userId) } }))
      ).data,
    ).toMatchObject({ id: buyer.userId, email: buyer.email });
  });

  it('stops showing a seller once their last listing is no longer live', async () => {
    const admin = await signUpAdmin(ctx);
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.info[':id'].$get({ param: { id: String(seller.userId) } }),
      ),
    ).toBe(200);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }))
      ).code,
    ).toBe(0);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.info[':id'].$get({ param: { id: String(seller.userId) } }),
      ),
    ).toBe(404);
  });
});

describe('POST user/update', () => {
  it('updates the profile and keeps email and company numbers as they were', async () => {
    const session = await signUp(ctx, 'company');
    // Sends fields the update does not take (email, company numbers): they are ignored.
    const json = {
      id: session.userId,
      firstName: 'Island Motors Ltd',
      // Typed with Malta's country code and spaces: kept as the eight digits.
      phone: '+356 2144 9999',
      phone2: '00356 7900-0000',
      city: 'Mosta',
      email: 'changed@example.mt',
      cNumber: '1',
      vatNumber: '2',
      image: tinyPng,
    };
    const res = await ctx.client(session.accessToken).call((r) => r.user.update.$post({ json }));
    expect(res).toMatchObject({ code: 0, message: 'Updated user successfully' });
    expect(res.data).toMatchObject({
      firstName: 'Island Motors Ltd',
      phone: '21449999',
      phone2: '79000000',
      city: 'Mosta',
      email: session.email,
      cNumber: '45123',
      vatNumber: '20451234',
    });
  });

  it.each([
    [{ firstName: '' }, 'First name is required field'],
    [{ phone: '' }, 'Phone is required field'],
    [{ lastName: '' }, 'Last name is required field'],
    [{ city: null, cityId: null }, 'City is required field'],
  ])('applies the rules in order for individuals: %o', async (change, message) => {
    const session = await signUp(ctx);
    const body = {
      firstName: 'Maria',
      lastName: 'Borg',
      phone: '79123456',
      city: 'Sliema',
      ...change,
    };
    const res = await ctx
      .client(session.accessToken)
      .call((r) => r.user.update.$post({ json: body }));
    expect(res).toMatchObject({ status: 400, message });
  });

  it('asks companies for the company name and not for a last name', async () => {
    const session = await signUp(ctx, 'company');
    const noName = await ctx
      .client(session.accessToken)
      .call((r) => r.user.update.$post({ json: { firstName: '', phone: '1', city: 'Qormi' } }));
    expect(noName.message).toBe('Company name is required field');
    const ok = await ctx
      .client(session.accessToken)
      .call((r) =>
        r.user.update.$post({ json: { firstName: 'X Ltd', phone: '21441234', city: 'Qormi' } }),
      );
    expect(ok.code).toBe(0);
  });

  it("refuses to update someone else's profile", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const res = await ctx.client(a.accessToken).call((r) =>
      r.user.update.$post({
        json: {
          id: b.userId,
          firstName: 'Hacked',
          lastName: 'X',
          phone: '79123456',
          city: 'Sliema',
        },
      }),
    );
    expect(res.status).toBe(403);
    expect(
      await statusOf(ctx, undefined, (r) => r.user.update.$post({ json: { firstName: 'A' } })),
    ).toBe(401);
  });
});

describe('POST user/password/update', () => {
  it('changes the password and ends the other sessions but not this one', async () => {
    const session = await signUp(ctx);
    const other = await login(ctx, session.email);
    const res = await ctx.client(session.accessToken).call((r) =>
      r.user.password.update.$post({
        json: {
          email: session.email,
          oldPassword: PASSWORD,
          newPassword: 'Changed99',
          confirmPassword: 'Changed99',
        },
      }),
    );
    expect(res).toMatchObject({ code: 0, message: 'Changed password successfully' });
    expect(
      (
        await ctx
          .client(session.accessToken)
          .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }))
      ).code,
    ).toBe(0);
    expect(
      await statusOf(ctx, other.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: String(session.userId) } }),
      ),
    ).toBe(401);
    expect(
      (
        await ctx
          .client()
          .call((r) =>
            r.user.login.$post({ json: { email: session.email, password: 'Changed99' } }),
          )
      ).code,
    ).toBe(0);
  });

  it.each([
    [
      { newPassword: 'nouppercase1', confirmPassword: 'nouppercase1' },
      'Password must contain one upper case letter, one lowercase letter and one number',
    ],
    [
      { newPassword: 'Sh0rt', confirmPassword: 'Sh0rt' },
      'Password must contain at least 8 characters',
    ],
    [
      { newPassword: 'Changed99', confirmPassword: 'Changed98' },
      'Password and confirm password are different',
    ],
    [
      { oldPassword: 'Wrong1234', newPassword: 'Changed99', confirmPassword: 'Changed99' },
      'Old password is not correct',
    ],
  ])('refuses %o', async (change, message) => {
    const session = await signUp(ctx);
    const res = await ctx
      .client(session.accessToken)
      .call((r) => r.user.password.update.$post({ json: { oldPassword: PASSWORD, ...change } }));
    expect(res).toMatchObject({ status: 400, message });
  });
});

describe('GET user/balance/{id}', () => {
  it('answers the own balance, refuses others', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    expect(
      (
        await ctx
          .client(a.accessToken)
          .call((r) => r.user.balance[':id'].$get({ param: { id: String(a.userId) } }))
      ).data,
    ).toEqual({ balance: 50 });
    await expectOwnOnly(
      ctx,
      (id) => (r) => r.user.balance[':id'].$get({ param: { id: String(id) } }),
      b,
      a,
    );
  });
});

describe('POST user/remove', () => {
  it('checks the password, erases personal data and ends every session', async () => {
    const session = await signUp(ctx);
    const short = await ctx
      .client(session.accessToken)
      .call((r) => r.user.remove.$post({ json: { password: 'abc' } }));
    expect(short).toMatchObject({ status: 400, message: 'Password is not valid' });
    const wrong = await ctx
      .client(session.accessToken)
      .call((r) => r.user.remove.$post({ json: { password: 'Wrong1234' } }));
    expect(wrong).toMatchObject({ status: 400, message: 'Password is not valid' });

    const res = await ctx
      .client(session.accessToken)
      .call((r) => r.user.remove.$post({ json: { password: PASSWORD } }));
    expect(res).toMatchObject({ code: 0, message: 'Deleted account successfully' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
    expect(row).toMatchObject({ firstName: 'Deleted user', phone: '', dateOfBirth: null });
    expect(row?.email).not.toBe(session.email);
    expect(row?.deletedAt).not.toBeNull();
    expect(
      await statusOf(ctx, session.accessToken, (r) =>
        r.user[':id'].$get({ param: { id: String(session.userId) } }),
      ),
    ).toBe(401);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.login.$post({ json: { email: session.email, password: PASSWORD } }),
      ),
    ).toBe(401);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.info[':id'].$get({ param: { id: String(session.userId) } }),
      ),
    ).toBe(404);
    // The address is free again.
    const again = await ctx.client().call((r) =>
      r.user.register.private.$post({
        json: {
          firstName: 'Maria',
          lastName: 'Borg',
          email: session.email,
          phone: '79123456',
          password: PASSWORD,
          city: 'Sliema',
        },
      }),
    );
    expect(again.code).toBe(0);
  });
});
