import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type RouteCall,
  type TestContext,
} from '../../tests/support/context.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { balanceOf, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import {
  listingPayload,
  liveListing,
  photos,
  submitListing,
} from '../../tests/support/listings.ts';
import {
  auditLog,
  ledgerEntries,
  listingImages,
  mailQueue,
  notifications,
  subscriptions,
  transactions,
} from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

const request = (id: number, token: string) =>
  ctx.client(token).call((r) => r.car.requests[':id'].$get({ param: { id: String(id) } }));

describe('submitting a listing', () => {
  it('creates a pending request that only its owner and admins can see', async () => {
    const seller = await signUp(ctx);
    const res = await ctx
      .client(seller.accessToken)
      .call(async (r) => r.cars.add.$post({ json: await listingPayload(ctx) }));
    expect(res).toMatchObject({
      code: 0,
      message: 'Your listing has been successfully submitted for approval',
    });
    const own = await request(res.data.id, seller.accessToken);
    expect(own.data).toMatchObject({
      state: 'PENDING',
      brand: 'Toyota',
      model: 'Yaris',
      fuel: 'Petrol',
      registrationExpiration: '06.2027',
      description: 'Serviced every year.\nNew tyres.',
    });
    expect(own.data.images).toHaveLength(5);
    expect(own.data.images.filter((i) => i.isCover)).toHaveLength(1);
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(res.data.id) } })))
        .status,
    ).toBe(404);
    const stranger = await signUp(ctx);
    expect((await request(res.data.id, stranger.accessToken)).status).toBe(403);
    expect((await request(res.data.id, admin.accessToken)).code).toBe(0);
  });

  it("takes an app's photos numbered from 0 as new photos", async () => {
    const seller = await signUp(ctx);
    const payload = await listingPayload(ctx);
    const images = payload.images.map((photo, i) => ({ ...photo, id: i }));
    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: { ...payload, images } }));
    expect(res.code).toBe(0);
    const own = await request(res.data.id, seller.accessToken);
    expect(own.data.images).toHaveLength(5);
    expect(own.data.images.map((i) => i.id).every((id) => id > 0)).toBe(true);
    // An id below 0 is no photo's: the rule says so in words.
    const bad = await ctx.request('POST', '/api/cars/add', {
      token: seller.accessToken,
      body: { ...payload, images: [{ ...payload.images[0], id: -1 }] },
    });
    expect(bad).toMatchObject({ status: 400, message: '"id" must be at least 0' });
  });

  it('needs a logged-in seller', async () => {
    const res = await ctx
      .client()
      .call(async (r) => r.cars.add.$post({ json: await listingPayload(ctx) }));
    expect(res.status).toBe(401);
  });

  it('stores electric cars with engine size 0 and others without battery values', async () => {
    const seller = await signUp(ctx);
    const electric = await submitListing(ctx, seller.accessToken, {
      fuel: 3,
      cubics: 1600,
      driveTrain: null,
      batteryCapacity: 58.5,
      batteryRange: 420,
      chargerType: 2,
    });
    expect((await request(electric, seller.accessToken)).data).toMatchObject({
      cubics: 0,
      batteryCapacity: 58.5,
      batteryRange: 420,
      chargerType: 'Type 2',
      driveTrain: null,
    });
    const petrol = await submitListing(ctx, seller.accessToken, {
      batteryCapacity: 40,
      batteryRange: 300,
      chargerType: 2,
    });
    expect((await request(petrol, seller.accessToken)).data).toMatchObject({
      batteryCapacity: 0,
      batteryRange: 0,
      chargerType: null,
    });
  });

  const year = new Date().getUTCFullYear();
  it.each([
    [{ images: [] }, 'You have to upload minimum 5 images'],
    [{ brand: null }, 'You have to select make'],
    [{ model: null }, 'You have to select model'],
    [{ title: '  ' }, 'You have to enter listing header'],
    [{ body: null }, 'You have to select body'],
    [{ fuel: null }, 'You have to select fuel'],
    [{ doorNumber: null }, 'You have to select door number'],
    [{ emissionClass: null }, 'You have to select emission class'],
    [{ driveTrain: null }, 'You have to select drive train'],
    [{ transmission: null }, 'You have to select transmission'],
    [{ steeringWheelSide: null }, 'You have to select steering wheel side'],
    [{ acType: null }, 'You have to select AC type'],
    [{ origin: null }, 'You have to select vehicle origin'],
    [{ carColor: null }, 'You have to select car color'],
    [{ adTypeId: null }, 'You have to select listing type'],
    [{ price: null }, 'You have to enter car price'],
    [{ cubics: null }, 'You have to enter car engine size'],
    [
      { fuel: 3, driveTrain: null, batteryCapacity: null },
      'You have to enter car battery capacity',
    ],
    [
      { fuel: 3, driveTrain: null, batteryCapacity: 50, batteryRange: 0 },
      'You have to enter car battery range',
    ],
    [
      { fuel: 3, driveTrain: null, batteryCapacity: 50, batteryRange: 300, chargerType: null },
      'You have to enter car charger type',
    ],
    [{ power: null }, 'You have to enter car power'],
    [{ millage: null }, 'You have to enter car mileage'],
    [{ year: null }, 'You have to enter manufacture year'],
    [{ year: 1900 }, `Year have to be in range of 1950 - ${year + 1}`],
    [{ registrationExpiration: undefined }, 'You have to select registration expiration'],
    [{ personalDataAgreement: false }, 'You have to agree on storing personal data'],
    [{ brand: null, model: null, title: '' }, 'You have to select make'],
    [{ title: 'x'.repeat(51) }, 'Listing header can have at most 50 characters'],
    [{ description: 'x'.repeat(1001) }, 'Description can have at most 1000 characters'],
    [{ registrationExpiration: '13.2027' }, 'Registration expiration must be MM.yyyy'],
    [{ body: 999 }, 'Unknown body'],
    [{ safety: [9999] }, 'Unknown safety feature'],
    [{ adTypeId: 9 }, 'Unknown listing type'],
  ])('refuses %o with the first broken rule: %s', async (change, message) => {
    const seller = await signUp(ctx);
    const res = await ctx
      .client(seller.accessToken)
      .call(async (r) => r.cars.add.$post({ json: { ...(await listingPayload(ctx)), ...change } }));
    expect(res).toMatchObject({ status: 400, message });
  });

  it('refuses more than 20 photos and names the files that are not images', async () => {
    const seller = await signUp(ctx);
    const many = await ctx.client(seller.accessToken).call(async (r) =>
      r.cars.add.$post({
        json: await listingPayload(ctx, { images: await photos(21, { width: 8, height: 8 }) }),
      }),
    );
    expect(many).toMatchObject({ status: 400, message: 'You can only upload up to 20 images.' });
    const gif = { image: 'R0lGODlhAQABAAAAACw=', isCover: false, name: 'anim.gif' };
    const bad = await ctx.client(seller.accessToken).call(async (r) =>
      r.cars.add.$post({
        json: await listingPayload(ctx, { images: [...(await photos(5)), gif] }),
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.message).toBe(
      'The following files were not uploaded because they are not valid image formats: anim.gif',
    );
  });

  it('refuses a model of another make', async () => {
    const seller = await signUp(ctx);
    const res = await ctx
      .client(seller.accessToken)
      .call(async (r) => r.cars.add.$post({ json: await listingPayload(ctx, { brand: 1 }) }));
    expect(res).toMatchObject({
      status: 400,
      message: 'The model does not belong to the selected make',
    });
  });
});

describe('payloads shaped as the spec gives them', () => {
  it('adds a listing without the personal-data field, and refuses an explicit refusal', async () => {
    const seller = await signUp(ctx);
    const { personalDataAgreement: _, ...payload } = await listingPayload(ctx);
    const added = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: payload }));
    expect(added.code).toBe(0);
    const refused = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.add.$post({ json: { ...payload, personalDataAgreement: false } }));
    expect(refused).toMatchObject({
      code: 400,
      message: 'You have to agree on storing personal data',
    });
  });

  it('edits a request named by originalId as well as by id, and needs one of them', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken);
    const byOriginal = await ctx.client(seller.accessToken).call(async (r) =>
      r.cars.request.edit.$post({
        json: {
          ...(await listingPayload(ctx, { title: 'Renamed by originalId' })),
          originalId: id,
        },
      }),
    );
    expect(byOriginal.code).toBe(0);
    expect((await request(id, seller.accessToken)).data.title).toBe('Renamed by originalId');
    const neither = await ctx
      .client(seller.accessToken)
      .call(async (r) => r.cars.request.edit.$post({ json: await listingPayload(ctx) }));
    expect(neither).toMatchObject({ code: 400, message: 'id is required' });
  });
});

describe('paid listing types', () => {
  it('reserves the price, spends it on approval and starts the promotion', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken, { adTypeId: 2 });
    expect(await balanceOf(ctx, seller.userId)).toBe(0);
    const [reserved] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.listingId, id));
    expect(reserved).toMatchObject({ typeId: 4, state: 'Reserved', credits: 50 });

    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }))
      ).message,
    ).toBe('Successfully approved car');
    const [bought] = await ctx.db.select().from(transactions).where(eq(transactions.listingId, id));
    expect(bought).toMatchObject({ typeId: 2, state: 'Spent', credits: 50 });
    expect(await balanceOf(ctx, seller.userId)).toBe(0);
    const [subscription] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.listingId, id));
    expect(subscription).toMatchObject({ typeId: 1, listingTypeId: 2, credits: 50 });
    const days =
      (subscription!.expiresAt.getTime() - subscription!.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(30);
  });

  it('refuses a type the balance does not cover, and writes nothing', async () => {
    const seller = await signUp(ctx);
    const res = await ctx
      .client(seller.accessToken)
      .call(async (r) => r.cars.add.$post({ json: await listingPayload(ctx, { adTypeId: 1 }) }));
    expect(res).toMatchObject({ status: 409, message: 'You do not have enough credits' });
    expect(await balanceOf(ctx, seller.userId)).toBe(50);
    const mine = await ctx.client(seller.accessToken).call((r) =>
      r.cars.listings.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: {},
      }),
    );
    expect(mine.data.totalCount).toBe(0);
  });

  it('gives the credits back on denial and reserves them again when the owner resubmits', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken, { adTypeId: 2 });
    const denied = await ctx
      .client(admin.accessToken)
      .call((r) =>
        r.cars.request.deny.$post({ json: { id, message: 'Photos show a different car' } }),
      );
    expect(denied.message).toBe('Successfully denied car');
    expect(await balanceOf(ctx, seller.userId)).toBe(50);
    const seen = await request(id, seller.accessToken);
    expect(seen.data).toMatchObject({
      state: 'DENIED',
      deniedMessage: 'Photos show a different car',
    });

    const again = await ctx
      .client(seller.accessToken)
      .call(async (r) =>
        r.cars.request.edit.$post({ json: { ...(await listingPayload(ctx)), id } }),
      );
    expect(again).toMatchObject({
      code: 0,
      message: 'Your listing update has been successfully submitted for approval',
    });
    expect((await request(id, seller.accessToken)).data).toMatchObject({
      state: 'PENDING',
      deniedMessage: null,
    });
    expect(await balanceOf(ctx, seller.userId)).toBe(0);
    const sum = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, seller.userId));
    expect(sum.reduce((a, e) => a + e.credits, 0)).toBe(0);
  });

  it('gives the credits back when the owner withdraws the request', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken, { adTypeId: 2 });
    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.request.remove[':id'].$delete({ param: { id: String(id) } }));
    expect(res).toMatchObject({ code: 0, message: 'Car removed' });
    expect(await balanceOf(ctx, seller.userId)).toBe(50);
    expect((await request(id, seller.accessToken)).status).toBe(404);
  });
});

describe('moderation', () => {
  it('approves a listing: live, notified in the app and by e-mail, written to the audit log', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken);
    expect(
      (await ctx.client(admin.accessToken).call((r) => r.car.requests.$get({ query: {} }))).data,
    ).toContainEqual(expect.objectContaining({ id, state: 'PENDING' }));
    await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }));
    const live = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    expect(live.data).toMatchObject({
      state: 'ACTIVE',
      user: { id: seller.userId, email: seller.email },
    });
    const [notice] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.userId));
    expect(notice).toMatchObject({ typeId: 3, title: 'Your listing is live' });
    const [log] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'listing'), eq(auditLog.entityId, id)));
    expect(log).toMatchObject({ adminId: admin.userId, action: 'approve' });
    // The seller's welcome e-mail from registration waits beside it.
    const queued = await ctx.db.select().from(mailQueue).where(eq(mailQueue.to, seller.email));
    expect(queued.filter((m) => m.subject === 'Your listing is live')).toHaveLength(1);
    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    expect(
      ctx.outbox.filter((m) => m.to === seller.email && m.subject === 'Your listing is live'),
    ).toHaveLength(1);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }))
      ).status,
    ).toBe(409);
  });

  it('keeps the reason the admin entered for a denied edit', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const edit = await ctx.client(seller.accessToken).call(async (r) =>
      r.cars.edit.$post({
        json: { ...(await listingPayload(ctx, { title: 'Changed title' })), originalId: id },
      }),
    );
    expect(edit.message).toBe('Your listing update has been successfully submitted for approval');
    const denied = await ctx
      .client(admin.accessToken)
      .call((r) =>
        r.cars.edit.deny.$post({ json: { id: edit.data.id, message: 'Price looks wrong' } }),
      );
    expect(denied.message).toBe('Successfully denied car');
    expect((await request(edit.data.id, seller.accessToken)).data).toMatchObject({
      state: 'DENIED',
      deniedMessage: 'Price looks wrong',
    });
    const [notice] = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, seller.userId),
          eq(notifications.title, 'Your listing update was denied'),
        ),
      );
    expect(notice?.message).toContain('Price looks wrong');
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data.title,
    ).toBe('Toyota Yaris 1.3 automatic, one owner');
  });

  it('refuses a denial without a reason', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken);
    const res = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.request.deny.$post({ json: { id, message: ' ' } }));
    expect(res).toMatchObject({ status: 400, message: 'Please enter a reason for denial' });
  });

  it('lets only admins moderate', async () => {
    const seller = await signUp(ctx);
    const id = await submitListing(ctx, seller.accessToken);
    const param = { id: String(id) };
    const calls: [string, RouteCall][] = [
      ['GET /api/car/requests', (r) => r.car.requests.$get({ query: {} })],
      ['GET /api/car/requests/denied', (r) => r.car.requests.denied.$get({ query: {} })],
      ['GET /api/cars/edit/all', (r) => r.cars.edit.all.$get({ query: {} })],
      ['GET /api/cars/reported', (r) => r.cars.reported.$get({ query: {} })],
      ['GET /api/cars/suspended', (r) => r.cars.suspended.$get({ query: {} })],
      ['GET /api/cars/active', (r) => r.cars.active.$get({ query: {} })],
      ['GET /api/cars/top-spotted', (r) => r.cars['top-spotted'].$get({ query: {} })],
      [
        'POST /api/cars/requests/approve/:id',
        (r) => r.cars.requests.approve[':id'].$post({ param }),
      ],
      ['POST /api/cars/suspend/:id', (r) => r.cars.suspend[':id'].$post({ param, json: {} })],
      ['POST /api/cars/activate/:id', (r) => r.cars.activate[':id'].$post({ param })],
      ['POST /api/car/:id/report/delete', (r) => r.car[':id'].report.delete.$post({ param })],
      ['GET /api/car/reports/:id', (r) => r.car.reports[':id'].$get({ param })],
      ['GET /api/car/edit/:id', (r) => r.car.edit[':id'].$get({ param })],
      ['POST /api/cars/edit/approve/:id', (r) => r.cars.edit.approve[':id'].$post({ param })],
      [
        'PUT /api/cars/top-spotted/add/:id',
        (r) => r.cars['top-spotted'].add[':id'].$put({ param }),
      ],
      [
        'PUT /api/cars/top-spotted/remove/:id',
        (r) => r.cars['top-spotted'].remove[':id'].$put({ param }),
      ],
    ];
    for (const [name, call] of calls) {
      expect((await ctx.client(seller.accessToken).call(call)).status, name).toBe(403);
      expect((await ctx.client().call(call)).status, name).toBe(401);
    }
    expect(
      (
        await ctx
          .client(seller.accessToken)
          .call((r) => r.cars.request.deny.$post({ json: { id, message: 'x' } }))
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(seller.accessToken)
          .call((r) => r.cars.edit.deny.$post({ json: { id, message: 'x' } }))
      ).status,
    ).toBe(403);
  });
});

describe('removing a live listing', () => {
  it('removes it once when two removals come at once: the other is told it is not found', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const remove = () =>
      ctx
        .client(seller.accessToken)
        .call((r) => r.car.remove[':id'].$delete({ param: { id: String(id) } }));
    const answers = await Promise.all([remove(), remove()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(answers.find((a) => a.status === 404)?.message).toBe('Listing not found');
    expect((await remove()).status).toBe(404);
  });
});

describe('editing a live listing', () => {
  it('keeps the live listing until the edit is approved, then applies it without moving it up', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const raw = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.edit.details.raw[':id'].$get({ param: { id: String(id) } }));
    expect(raw.data.registrationExpiration).toBe('06.2027');
    expect(raw.data.images).toHaveLength(5);
    expect(raw.data.images[0]?.isCover).toBe(true);
    const before = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }));

    const payload = {
      ...(await listingPayload(ctx, { title: 'New title', price: 8900 })),
      images: raw.data.images,
      originalId: id,
    };
    const edit = await ctx
      .client(seller.accessToken)
      .call((r) => r.cars.edit.$post({ json: payload }));
    expect(edit.code).toBe(0);
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data.title,
    ).toBe('Toyota Yaris 1.3 automatic, one owner');
    const pending = await ctx
      .client(admin.accessToken)
      .call((r) => r.car.edit[':id'].$get({ param: { id: String(edit.data.id) } }));
    expect(pending.data).toMatchObject({
      title: 'New title',
      price: 8900,
      original: { id, title: 'Toyota Yaris 1.3 automatic, one owner' },
    });
    // The unchanged photos were kept, not stored again.
    expect(pending.data.images.map((i) => i.name)).toEqual(before.data.images.map((i) => i.name));

    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars.edit.approve[':id'].$post({ param: { id: String(edit.data.id) } }))
      ).message,
    ).toBe('Successfully approved the changes');
    const after = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    expect(after.data).toMatchObject({ id, title: 'New title', price: 8900, state: 'ACTIVE' });
    expect(after.data.createdAt).toBe(before.data.createdAt);
    expect(
      (await ctx.client(admin.accessToken).call((r) => r.cars.edit.all.$get({ query: {} }))).data,
    ).not.toContainEqual(expect.objectContaining({ id: edit.data.id }));
  });

  it('lets only the owner edit, read the raw details and remove', async () => {
    const seller = await signUp(ctx);
    const other = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.car.edit.details.raw[':id'].$get({ param: { id: String(id) } }))
      ).status,
    ).toBe(403);
    const payload = { ...(await listingPayload(ctx)), originalId: id };
    expect(
      (await ctx.client(other.accessToken).call((r) => r.cars.edit.$post({ json: payload })))
        .status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.car.remove[':id'].$delete({ param: { id: String(id) } }))
      ).status,
    ).toBe(403);
    expect(
      (await ctx.client().call((r) => r.car.remove[':id'].$delete({ param: { id: String(id) } })))
        .status,
    ).toBe(401);
    const pending = await submitListing(ctx, seller.accessToken);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) =>
            r.car.request.edit.details.raw[':id'].$get({ param: { id: String(pending) } }),
          )
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call(async (r) =>
            r.cars.request.edit.$post({ json: { ...(await listingPayload(ctx)), id: pending } }),
          )
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(other.accessToken)
          .call((r) => r.car.request.remove[':id'].$delete({ param: { id: String(pending) } }))
      ).status,
    ).toBe(403);

    const removed = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.remove[':id'].$delete({ param: { id: String(id) } }));
    expect(removed).toMatchObject({ code: 0, message: 'Car removed' });
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).status,
    ).toBe(404);
  });

  it('lets an owner edit a suspended listing back to review, and approval makes it live', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }))
      ).message,
    ).toBe('Car suspended');
    const edit = await ctx.client(seller.accessToken).call(async (r) =>
      r.cars.edit.$post({
        json: { ...(await listingPayload(ctx, { title: 'Fixed' })), originalId: id },
      }),
    );
    await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.edit.approve[':id'].$post({ param: { id: String(edit.data.id) } }));
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data,
    ).toMatchObject({
      state: 'ACTIVE',
      title: 'Fixed',
    });
  });
});

describe('reading listings', () => {
  it('counts a view once per visitor per day and never for the owner', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const visitor = await signUp(ctx);
    await ctx
      .client(visitor.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    await ctx
      .client(visitor.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    await ctx
      .client(seller.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    await ctx.deps.views.flush();
    const seen = await ctx
      .client(visitor.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    expect(seen.data.views).toBe(1);
  });

  it('shows the seller, their other cars and similar cars to visitors, not to the owner', async () => {
    const seller = await signUp(ctx);
    const first = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const second = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const someone = await signUp(ctx);
    const similar = await liveListing(ctx, someone.accessToken, admin.accessToken);
    const visitor = await ctx
      .client()
      .call((r) => r.car[':id'].$get({ param: { id: String(first) } }));
    expect(visitor.data.userCars.map((c) => c.id)).toContain(second);
    expect(visitor.data.similarCars.map((c) => c.id)).toContain(similar);
    expect(visitor.data.similarCars.map((c) => c.id)).not.toContain(second);
    const owner = await ctx
      .client(seller.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(first) } }));
    expect(owner.data.userCars).toEqual([]);
    expect(owner.data.similarCars).toEqual([]);
  });

  it("lists the owner's listings by state, requests and edits included, for the owner only", async () => {
    const seller = await signUp(ctx);
    const live = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const pending = await submitListing(ctx, seller.accessToken);
    const all = await ctx.client(seller.accessToken).call((r) =>
      r.cars.listings.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50, stateFilter: null },
      }),
    );
    expect(all.data.totalCount).toBe(2);
    const onlyPending = await ctx.client(seller.accessToken).call((r) =>
      r.cars.listings.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50, stateFilter: 'PENDING' },
      }),
    );
    expect(onlyPending.data.cars.map((c) => c.id)).toEqual([pending]);
    expect(all.data.cars.map((c) => c.id)).toContain(live);
    const other = await signUp(ctx);
    expect(
      (
        await ctx.client(other.accessToken).call((r) =>
          r.cars.listings.user[':userId'].$post({
            param: { userId: String(seller.userId) },
            json: {},
          }),
        )
      ).status,
    ).toBe(403);
  });

  it('serves listing photos with long immutable caching', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const detail = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    const photo = await ctx.app.request(detail.data.images[0]!.name);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.request('/images/listings/nope.jpg')).status).toBe(404);
    expect((await ctx.app.request('/images/../../etc/passwd')).status).toBe(404);
  });

  it('keeps a full-screen version of a large upload (at most 2048 px, never enlarged) and WebP card versions, without EXIF', async () => {
    const seller = await signUp(ctx);
    const withGps = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#2a6fb0' } })
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 53/1 0/1' } })
        .toBuffer();
    const big = await withGps(2000, 1500);
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const uploads = [big, await withGps(2600, 1950), await withGps(600, 450)];
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      images: [
        ...uploads.map((b, i) => ({ image: b.toString('base64'), isCover: i === 0 })),
        ...(await photos(2)).map((p) => ({ ...p, isCover: false })),
      ],
    });
    const detail = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    const [first, second, small] = detail.data.images;
    expect(first).toMatchObject({ width: 840, height: 630, large: { width: 2000, height: 1500 } });
    expect(second).toMatchObject({ width: 840, height: 630, large: { width: 2048, height: 1536 } });
    expect(small).toMatchObject({ width: 600, height: 450, large: null });
    expect(first!.cardVersions.map((v) => v.width)).toEqual([320, 480, 640, 840]);
    expect(small!.cardVersions.map((v) => v.width)).toEqual([320, 480, 600]);

    const served = async (url: string, type: string) => {
      const res = await ctx.app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      return sharp(Buffer.from(await res.arrayBuffer())).metadata();
    };
    const versions = [
      [first!.name, 'image/jpeg', 840],
      [first!.card, 'image/jpeg', 480],
      [first!.large!.url, 'image/jpeg', 2000],
      [second!.large!.url, 'image/jpeg', 2048],
      ...first!.cardVersions.map((v) => [v.url, 'image/webp', v.width] as const),
      ...small!.cardVersions.map((v) => [v.url, 'image/webp', v.width] as const),
    ] as const;
    for (const [url, type, width] of versions) {
      const meta = await served(url, type);
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }

    const found = await ctx.client().call((r) =>
      r.cars.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: {
          pageNumber: 1,
          pageSize: 50,
        },
      }),
    );
    const card = found.data.cars.find((c) => c.id === id)!;
    expect(card.image).toBe(first!.card);
    // A card offers the WebP versions up to 640 px; the listing page's first photo also the 840.
    expect(card.imageVersions).toEqual(first!.cardVersions.filter((v) => v.width <= 640));
  });

  it('still shows photos stored before the card and full-screen versions existed', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await ctx.db
      .update(listingImages)
      .set({ cardWidths: [], largeWidth: null, largeHeight: null })
      .where(eq(listingImages.listingId, id));
    const detail = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    expect(detail.data.images[0]).toMatchObject({ cardVersions: [], large: null });
    expect((await ctx.app.request(detail.data.images[0]!.card)).status).toBe(200);
    const found = await ctx.client().call((r) =>
      r.cars.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: {
          pageNumber: 1,
          pageSize: 50,
        },
      }),
    );
    expect(found.data.cars[0]).toMatchObject({ id, imageVersions: [] });
    expect(found.data.cars[0]!.image).toBe(detail.data.images[0]!.card);
  });

  it("answers 'Listing not found' for an unknown id", async () => {
    const res = await ctx.client().call((r) => r.car[':id'].$get({ param: { id: '999999' } }));
    expect(res).toMatchObject({ status: 404, message: 'Listing not found' });
  });
});

describe('top spotted', () => {
  it('adds and removes a live listing', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const added = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars['top-spotted'].add[':id'].$put({ param: { id: String(id) } }));
    expect(added.message).toBe('Successfully promoted car to featured');
    const home = await ctx.client().call((r) => r.cars.$post({ json: {} }));
    expect(home.data.topSpottedCars).toContainEqual(
      expect.objectContaining({ id, isTopSpotted: true }),
    );
    const removed = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars['top-spotted'].remove[':id'].$put({ param: { id: String(id) } }));
    expect(removed.message).toBe('Successfully removed car from featured');
    expect(
      (await ctx.client(admin.accessToken).call((r) => r.cars['top-spotted'].$get({ query: {} })))
        .data,
    ).not.toContainEqual(expect.objectContaining({ id }));
    const pending = await submitListing(ctx, seller.accessToken);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars['top-spotted'].add[':id'].$put({ param: { id: String(pending) } }))
      ).status,
    ).toBe(409);
  });
});
