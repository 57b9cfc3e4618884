/**
 * The pass over every resource's happy path that runs on the embedded engine (PGlite) in the
 * gate, as well as on PostgreSQL: one database for the whole file, a few users and listings
 * carried from one resource to the next (the blocks run in order and build on each other), each
 * call made as a client makes it and checked by what the client sees. The resources' own test
 * files hold their edge cases and refusals, and run on PostgreSQL.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { needsSecondFactor } from '#shared/schemas/two-factor.ts';
import { createTestContext, type TestContext } from '../tests/support/context.ts';
import { alertsCaughtUp } from '../tests/support/alerts.ts';
import {
  companyPayload,
  login,
  newAddress,
  PASSWORD,
  privatePayload,
  signUp,
  signUpAdmin,
  tinyPng,
} from '../tests/support/factories.ts';
import { listingPayload, modelId, submitListing } from '../tests/support/listings.ts';
import { wholeList } from '../tests/support/lists.ts';
import { walletOf } from '../tests/support/money.ts';
import { pushSettings, TEST_PUSH_SERVICE } from '../tests/support/push.ts';
import { flushCounters } from './insights/flush.ts';
import { deliverQueuedMail } from './mail/queue.ts';
import { opsRouter } from './ops/health.ts';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

let ctx: TestContext;
let admin: Session;
/** A company: it sells the cars, tops up and promotes. */
let seller: Session;
/** An individual registered in the users block: buys, saves, messages, reports. */
let buyer: Session;
let toyota: number;
/** The seller's listing the blocks after the listings block work on (live until the last one). */
let car: number;

beforeAll(async () => {
  ctx = await createTestContext(pushSettings);
  admin = await signUpAdmin(ctx);
  toyota = (await modelId(ctx, 'Toyota', 'Yaris')).makeId;
});
afterAll(() => ctx?.close());

/** The typed client as `who` (none: a visitor). */
const as = (who?: Session) => ctx.client(who?.accessToken);
const param = (id: number) => ({ id: String(id) });
const detail = (id: number, who?: Session) =>
  as(who).call((r) => r.car[':id'].$get({ param: param(id) }));
const balanceOf = async (who: Session) =>
  (await as(who).call((r) => r.user.balance[':id'].$get({ param: param(who.userId) }))).data
    .balance;
const notificationTitles = async (who: Session) =>
  (
    await as(who).call((r) =>
      r.notifications.user[':userId'].$post({
        param: { userId: String(who.userId) },
        json: { pageNumber: 1, pageSize: 50 },
      }),
    )
  ).data.map((n) => n.title);
/** The last e-mail to `to`, once the mail job has sent what is queued. */
async function lastMailTo(to: string) {
  await deliverQueuedMail(ctx.db, ctx.deps.mailer);
  return ctx.outbox.findLast((m) => m.to === to);
}

describe('users', () => {
  it('registers an individual with the welcome credits and e-mail, who then logs in', async () => {
    const json = privatePayload({ firstName: 'Brian', lastName: 'Borg' });
    const res = await ctx
      .client(undefined, newAddress())
      .call((r) => r.user.register.private.$post({ json }));
    expect(res).toMatchObject({ status: 200, code: 0, message: 'Successfully registered' });
    // The welcome e-mail's link confirms the address: alerts are e-mailed only to such.
    const welcome = await lastMailTo(json.email);
    const link = /confirm-email\?token=(\S+)/.exec(welcome?.text ?? '');
    const token = decodeURIComponent(link?.[1] ?? '');
    const confirmed = await ctx
      .client()
      .call((r) => r.user.email.confirm.$post({ json: { token } }));
    expect(confirmed).toMatchObject({ code: 0, message: 'Your e-mail address is confirmed' });
    const session = await ctx
      .client()
      .call((r) => r.user.login.$post({ json: { email: json.email, password: PASSWORD } }));
    expect(session).toMatchObject({ code: 0, data: { userId: res.data.id, roleId: 2 } });
    if (needsSecondFactor(session.data)) throw new Error('a buyer without two-factor login');
    buyer = session.data;
    expect(await balanceOf(buyer)).toBe(50);
  });

  it('registers a company with its logo and the company welcome credits', async () => {
    const json = companyPayload({ firstName: 'Island Motors' });
    const res = await ctx
      .client(undefined, newAddress())
      .call((r) => r.user.register.company.$post({ json }));
    expect(res.code).toBe(0);
    seller = await login(ctx, json.email);
    expect(seller.roleId).toBe(3);
    expect(await balanceOf(seller)).toBe(200);
  });

  it('shows and updates the own profile', async () => {
    const own = await as(buyer).call((r) => r.user[':id'].$get({ param: param(buyer.userId) }));
    expect(own.data).toMatchObject({
      id: buyer.userId,
      roleName: 'Individual',
      firstName: 'Brian',
      email: buyer.email,
    });
    const updated = await as(buyer).call((r) =>
      r.user.update.$post({
        json: { firstName: 'Brian', lastName: 'Borg', phone: '79000111', city: 'Mosta' },
      }),
    );
    expect(updated).toMatchObject({
      code: 0,
      message: 'Updated user successfully',
      data: { phone: '79000111', city: 'Mosta', email: buyer.email },
    });
    const company = await as(seller).call((r) =>
      r.user[':id'].$get({ param: param(seller.userId) }),
    );
    expect(company.data).toMatchObject({ role: 3, roleName: 'Company', cNumber: '45123' });
  });

  it('changes a password, and removes an account', async () => {
    const someone = await signUp(ctx);
    const changed = await as(someone).call((r) =>
      r.user.password.update.$post({
        json: {
          email: someone.email,
          oldPassword: PASSWORD,
          newPassword: 'Changed99',
          confirmPassword: 'Changed99',
        },
      }),
    );
    expect(changed).toMatchObject({ code: 0, message: 'Changed password successfully' });
    const again = await login(ctx, someone.email, 'Changed99');
    const removed = await as(again).call((r) =>
      r.user.remove.$post({ json: { password: 'Changed99' } }),
    );
    expect(removed.code).toBe(0);
    expect(
      (
        await ctx
          .client()
          .call((r) =>
            r.user.login.$post({ json: { email: someone.email, password: 'Changed99' } }),
          )
      ).status,
    ).toBe(401);
  });

  it('lists every account to an administrator', async () => {
    const all = await as(admin).call((r) => r.user.all.$get({ query: {} }));
    expect(all.code).toBe(0);
    expect(wholeList(all.data).map((u) => u.email)).toEqual(
      expect.arrayContaining([buyer.email, seller.email]),
    );
  });
});

describe('auth', () => {
  it('renews a session with its refresh token and logs it out', async () => {
    const second = await login(ctx, buyer.email);
    const renewed = await ctx
      .client()
      .call((r) =>
        r.user.refresh.$post({ json: { id: buyer.userId, refreshToken: second.refreshToken } }),
      );
    expect(renewed.code).toBe(0);
    expect(renewed.data.refreshToken).not.toBe(second.refreshToken);
    const out = await as(renewed.data).call((r) =>
      r.user.logout[':id'].$put({ param: param(buyer.userId) }),
    );
    expect(out.code).toBe(0);
    const profile = (who: Session) =>
      as(who).call((r) => r.user[':id'].$get({ param: param(buyer.userId) }));
    expect((await profile(renewed.data)).status).toBe(401);
    // The other session goes on.
    expect((await profile(buyer)).code).toBe(0);
  });

  it('resets a forgotten password with the mailed code', async () => {
    const someone = await signUp(ctx);
    const email = someone.email;
    const asked = await ctx.client().call((r) => r.user.password.forgot.$post({ json: { email } }));
    expect(asked).toMatchObject({ code: 0, message: 'Code sent to email' });
    const code = /\b(\d{6})\b/.exec((await lastMailTo(email))?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const verified = await ctx
      .client()
      .call((r) => r.user.password.forgot.verify.$post({ json: { email, code } }));
    expect(verified.code).toBe(0);
    const set = await ctx.client().call((r) =>
      r.user.password.forgot.update.$post({
        json: { email, password: 'NewSecret9', confirmPassword: 'NewSecret9' },
      }),
    );
    expect(set.code).toBe(0);
    expect((await login(ctx, email, 'NewSecret9')).userId).toBe(someone.userId);
  });
});

describe('catalog', () => {
  it('answers the reference data of the listing form', async () => {
    const enumerables = await ctx.client().call((r) => r.car.details.enumerables.$get());
    expect(enumerables.code).toBe(0);
    expect(enumerables.data.fuels).toContainEqual({ id: 3, name: 'Electric' });
    const brands = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
    expect(wholeList(brands.data)).toContainEqual({ id: toyota, name: 'Toyota' });
    const models = await ctx
      .client()
      .call((r) =>
        r.cars.brands[':brandId'].models.$get({ param: { brandId: String(toyota) }, query: {} }),
      );
    expect(wholeList(models.data).map((m) => m.name)).toContain('Yaris');
    const safety = await ctx.client().call((r) => r.cars.safety.$get());
    const equipment = await ctx.client().call((r) => r.cars.equipment.$get());
    expect(safety.data.length).toBeGreaterThan(0);
    expect(equipment.data.length).toBeGreaterThan(0);
  });

  it('lets an administrator add a make and its model', async () => {
    const make = await as(admin).call((r) =>
      r.cars.brands.add.$post({ json: { name: 'Spotted Motors' } }),
    );
    expect(make).toMatchObject({
      code: 0,
      message: 'Make inserted',
      data: { name: 'Spotted Motors' },
    });
    const model = await as(admin).call((r) =>
      r.cars.models.add.$post({ json: { brandId: make.data.id, name: 'Roadster' } }),
    );
    expect(model).toMatchObject({ code: 0, data: { brandId: make.data.id, name: 'Roadster' } });
    const models = await ctx.client().call((r) =>
      r.cars.brands[':brandId'].models.$get({
        param: { brandId: String(make.data.id) },
        query: {},
      }),
    );
    expect(wholeList(models.data).map((m) => m.name)).toEqual(['Roadster']);
  });
});

describe('configuration', () => {
  it('answers the configuration and the cities to anyone', async () => {
    const config = await ctx.client().call((r) => r.configuration.$get());
    expect(config.code).toBe(0);
    expect(config.data).toMatchObject({ currency: '€', phonePrefix: '+356' });
    expect(config.data.listingTypes.map((t) => t.name)).toEqual([
      'Premium',
      'Featured',
      'Standard',
    ]);
    const cities = await ctx.client().call((r) => r.configuration.cities.$get());
    expect(cities.data.map((c) => c.name)).toContain('Valletta');
  });

  it('saves an administrator’s change and answers the admin menu', async () => {
    const { listingTypes, ...fields } = (await ctx.client().call((r) => r.configuration.$get()))
      .data;
    const json = {
      ...fields,
      listingTypes: listingTypes.map(({ id, price }) => ({ id, price })),
      releaseNotes: 'Faster search.',
    };
    const saved = await as(admin).call((r) => r.configuration.update.$post({ json }));
    expect(saved).toMatchObject({ code: 0, message: 'Successfully updated configuration' });
    const after = await ctx.client().call((r) => r.configuration.$get());
    expect(after.data.releaseNotes).toBe('Faster search.');
    const menu = await as(admin).call((r) => r.configuration.menu.admin.$get());
    expect(menu.data[0]?.section).toBe('approve-listings');
  });
});

describe('listings', () => {
  it('takes a listing with its photos as a request its owner sees pending', async () => {
    const json = await listingPayload(ctx);
    const res = await as(seller).call((r) => r.cars.add.$post({ json }));
    expect(res).toMatchObject({
      code: 0,
      message: 'Your listing has been successfully submitted for approval',
    });
    car = res.data.id;
    const own = await as(seller).call((r) => r.car.requests[':id'].$get({ param: param(car) }));
    expect(own.data).toMatchObject({ state: 'PENDING', brand: 'Toyota', model: 'Yaris' });
    expect(own.data.images).toHaveLength(5);
    expect((await detail(car)).status).toBe(404);
  });

  it('is approved by an administrator from the queue, and goes live', async () => {
    const queue = await as(admin).call((r) => r.car.requests.$get({ query: {} }));
    expect(wholeList(queue.data)).toContainEqual(
      expect.objectContaining({ id: car, state: 'PENDING' }),
    );
    const approved = await as(admin).call((r) =>
      r.cars.requests.approve[':id'].$post({ param: param(car) }),
    );
    expect(approved).toMatchObject({ code: 0, message: 'Successfully approved car' });
    const live = await detail(car);
    expect(live.data).toMatchObject({
      id: car,
      state: 'ACTIVE',
      title: 'Toyota Yaris 1.3 automatic, one owner',
      price: 9500,
      user: { id: seller.userId },
    });
    const active = await as(admin).call((r) => r.cars.active.$get({ query: {} }));
    expect(wholeList(active.data).map((c) => c.id)).toContain(car);
  });

  it('is found by search, on the home page and in the seller’s offer', async () => {
    const search = await ctx
      .client()
      .call((r) =>
        r.cars.search.$post({ json: { brand: toyota, maxPrice: 10_000, pageSize: 50 } }),
      );
    expect(search.code).toBe(0);
    expect(search.data.cars.map((c) => c.id)).toEqual([car]);
    expect(search.data.totalCount).toBe(1);
    const home = await ctx.client().call((r) => r.cars.$post({ json: {} }));
    expect(home.data.cars.cars.map((c) => c.id)).toContain(car);
    const offer = await ctx.client().call((r) =>
      r.cars.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50 },
      }),
    );
    expect(offer.data.cars.map((c) => c.id)).toEqual([car]);
    const contact = await ctx
      .client()
      .call((r) => r.user.info[':id'].$get({ param: param(seller.userId) }));
    expect(contact.data).toMatchObject({ id: seller.userId, firstName: 'Island Motors' });
  });

  it('shows the details and counts a visitor’s view', async () => {
    // The owner's own look is not a view.
    await flushCounters(ctx.deps);
    const before = (await detail(car, seller)).data.views;
    const seen = await ctx
      .client(undefined, newAddress(), { 'user-agent': chrome })
      .call((r) => r.car[':id'].view.$post({ param: param(car) }));
    expect(seen.code).toBe(0);
    await flushCounters(ctx.deps);
    expect((await detail(car, seller)).data.views).toBe(before + 1);
    const shown = await detail(car, buyer);
    expect(shown.data).toMatchObject({ isFavorite: false, state: 'ACTIVE' });
    expect(shown.data.images.filter((i) => i.isCover)).toHaveLength(1);
  });

  it('is saved to a buyer’s favourites and removed again', async () => {
    const added = await as(buyer).call((r) => r.favorite.add.$post({ json: { carId: car } }));
    expect(added).toMatchObject({ code: 0, message: 'Added to favorites' });
    const list = await as(buyer).call((r) => r.favorite.get.$post({ json: {} }));
    expect(list.data.cars.map((c) => c.id)).toEqual([car]);
    expect((await detail(car, buyer)).data.isFavorite).toBe(true);
    const removed = await as(buyer).call((r) => r.favorite.remove.$post({ json: { carId: car } }));
    expect(removed).toMatchObject({ code: 0, message: 'Removed from favorites' });
    expect((await as(buyer).call((r) => r.favorite.get.$post({ json: {} }))).data.totalCount).toBe(
      0,
    );
  });

  it('lists the owner’s listings by state', async () => {
    const mine = await as(seller).call((r) =>
      r.cars.listings.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50, stateFilter: 'ACTIVE' },
      }),
    );
    expect(mine.data.cars.map((c) => c.id)).toEqual([car]);
  });

  it('takes an edit of the live listing, live once approved', async () => {
    const raw = await as(seller).call((r) =>
      r.car.edit.details.raw[':id'].$get({ param: param(car) }),
    );
    expect(raw.data.images).toHaveLength(5);
    const json = {
      ...(await listingPayload(ctx, { title: 'Toyota Yaris, new tyres' })),
      images: raw.data.images,
      originalId: car,
    };
    const edit = await as(seller).call((r) => r.cars.edit.$post({ json }));
    expect(edit.code).toBe(0);
    const edits = await as(admin).call((r) => r.cars.edit.all.$get({ query: {} }));
    expect(wholeList(edits.data).map((c) => c.id)).toContain(edit.data.id);
    const pending = await as(admin).call((r) =>
      r.car.edit[':id'].$get({ param: param(edit.data.id) }),
    );
    expect(pending.data).toMatchObject({ title: 'Toyota Yaris, new tyres', original: { id: car } });
    const approved = await as(admin).call((r) =>
      r.cars.edit.approve[':id'].$post({ param: param(edit.data.id) }),
    );
    expect(approved.message).toBe('Successfully approved the changes');
    expect((await detail(car)).data).toMatchObject({
      id: car,
      title: 'Toyota Yaris, new tyres',
      state: 'ACTIVE',
    });
  });

  it('denies an edit, the live listing staying as it was', async () => {
    const raw = await as(seller).call((r) =>
      r.car.edit.details.raw[':id'].$get({ param: param(car) }),
    );
    const json = {
      ...(await listingPayload(ctx, { title: 'A title of another car' })),
      images: raw.data.images,
      originalId: car,
    };
    const edit = await as(seller).call((r) => r.cars.edit.$post({ json }));
    expect(edit.message).toBe('Your listing update has been successfully submitted for approval');
    const denied = await as(admin).call((r) =>
      r.cars.edit.deny.$post({
        json: { id: edit.data.id, message: 'The title is of another car.' },
      }),
    );
    expect(denied).toMatchObject({ code: 0, message: 'Successfully denied car' });
    const own = await as(seller).call((r) =>
      r.car.requests[':id'].$get({ param: param(edit.data.id) }),
    );
    expect(own.data).toMatchObject({
      state: 'DENIED',
      deniedMessage: 'The title is of another car.',
    });
    expect((await detail(car)).data.title).toBe('Toyota Yaris, new tyres');
    expect(await notificationTitles(seller)).toContain('Your listing update was denied');
  });

  it('changes, denies and withdraws a request; a paid type’s credits are held, then given back', async () => {
    const before = await balanceOf(seller);
    const id = await submitListing(ctx, seller.accessToken, { title: 'A second car', adTypeId: 2 });
    const price = before - (await balanceOf(seller));
    expect(price).toBeGreaterThan(0);
    const raw = await as(seller).call((r) =>
      r.car.request.edit.details.raw[':id'].$get({ param: param(id) }),
    );
    const changed = await as(seller).call(async (r) =>
      r.cars.request.edit.$post({
        json: {
          ...(await listingPayload(ctx, { title: 'A second car, renamed', adTypeId: 2 })),
          images: raw.data.images,
          id,
        },
      }),
    );
    expect(changed.code).toBe(0);
    expect(await balanceOf(seller)).toBe(before - price);
    const denied = await as(admin).call((r) =>
      r.cars.request.deny.$post({ json: { id, message: 'The photos show another car.' } }),
    );
    expect(denied).toMatchObject({ code: 0, message: 'Successfully denied car' });
    expect(await balanceOf(seller)).toBe(before);
    const deniedList = await as(admin).call((r) => r.car.requests.denied.$get({ query: {} }));
    expect(wholeList(deniedList.data).map((c) => c.id)).toContain(id);
    const own = await as(seller).call((r) => r.car.requests[':id'].$get({ param: param(id) }));
    expect(own.data).toMatchObject({
      state: 'DENIED',
      title: 'A second car, renamed',
      deniedMessage: 'The photos show another car.',
    });
    const withdrawn = await as(seller).call((r) =>
      r.car.request.remove[':id'].$delete({ param: param(id) }),
    );
    expect(withdrawn).toMatchObject({ code: 0, message: 'Car removed' });
    expect(
      (await as(seller).call((r) => r.car.requests[':id'].$get({ param: param(id) }))).status,
    ).toBe(404);
    expect(await walletOf(ctx, seller.userId)).toEqual({ balance: before, ledger: before });
  });

  it('is put in Top Spotted and taken out by an administrator', async () => {
    const added = await as(admin).call((r) =>
      r.cars['top-spotted'].add[':id'].$put({ param: param(car) }),
    );
    expect(added.message).toBe('Successfully promoted car to featured');
    const home = await ctx.client().call((r) => r.cars.$post({ json: {} }));
    expect(home.data.topSpottedCars).toContainEqual(
      expect.objectContaining({ id: car, isTopSpotted: true }),
    );
    const list = await as(admin).call((r) => r.cars['top-spotted'].$get({ query: {} }));
    expect(wholeList(list.data).map((c) => c.id)).toContain(car);
    const removed = await as(admin).call((r) =>
      r.cars['top-spotted'].remove[':id'].$put({ param: param(car) }),
    );
    expect(removed.message).toBe('Successfully removed car from featured');
  });
});

describe('images', () => {
  it('serves a listing’s photos and card versions under /images', async () => {
    const [cover] = (await detail(car)).data.images;
    expect(cover?.name).toMatch(/^\/images\/listings\//);
    const photo = await ctx.app.request(cover!.name);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toContain('immutable');
    const card = await ctx.app.request(cover!.cardVersions[0]!.url);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/webp');
    expect((await ctx.app.request('/images/listings/none.jpg')).status).toBe(404);
  });

  it('serves a company’s logo', async () => {
    const profile = await as(seller).call((r) =>
      r.user[':id'].$get({ param: param(seller.userId) }),
    );
    const logo = await ctx.app.request(profile.data.imageUrl!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('reports', () => {
  it('takes a buyer’s report, which an administrator reads and dismisses', async () => {
    const message = 'Not a real vehicle - the photos are taken from another site';
    const reported = await ctx
      .client(buyer.accessToken, newAddress())
      .call((r) => r.cars.report[':id'].$post({ param: param(car), json: { message } }));
    expect(reported).toMatchObject({ code: 0, message: 'Car reported' });
    const list = await as(admin).call((r) => r.cars.reported.$get({ query: {} }));
    expect(wholeList(list.data).map((c) => c.id)).toContain(car);
    const reports = await as(admin).call((r) => r.car.reports[':id'].$get({ param: param(car) }));
    expect(reports.data.map((x) => x.text)).toEqual([message]);
    const dismissed = await as(admin).call((r) =>
      r.car[':id'].report.delete.$post({ param: param(car) }),
    );
    expect(dismissed).toMatchObject({ code: 0, message: 'Dismissed report' });
    const after = await as(admin).call((r) => r.cars.reported.$get({ query: {} }));
    expect(wholeList(after.data).map((c) => c.id)).not.toContain(car);
  });

  it('suspends a listing, hidden until an administrator activates it', async () => {
    const suspended = await as(admin).call((r) =>
      r.cars.suspend[':id'].$post({ param: param(car), json: {} }),
    );
    expect(suspended).toMatchObject({ code: 0, message: 'Car suspended' });
    const list = await as(admin).call((r) => r.cars.suspended.$get({ query: {} }));
    expect(wholeList(list.data).map((c) => c.id)).toContain(car);
    expect((await detail(car)).status).toBe(404);
    const activated = await as(admin).call((r) =>
      r.cars.activate[':id'].$post({ param: param(car) }),
    );
    expect(activated).toMatchObject({ code: 0, message: 'Car activated' });
    expect((await detail(car)).data.state).toBe('ACTIVE');
  });
});

describe('ads', () => {
  let ad: number;
  const adFields = {
    title: 'Island Motors spring sale',
    description: 'Every used car checked and guaranteed for a year.',
    url: 'https://islandmotors.example.mt/sale',
    location: 'Sliema',
    client: 'Island Motors Ltd',
    image: tinyPng,
    daysActive: 30,
  };
  const homeAds = async () =>
    (await ctx.client().call((r) => r.cars.$post({ json: {} }))).data.cars.ads.map((a) => a.id);

  it('is created by an administrator and shown on the home page', async () => {
    const created = await as(admin).call((r) => r.ad.add.$post({ json: adFields }));
    expect(created).toMatchObject({
      code: 0,
      message: 'Ad created',
      data: { title: 'Island Motors spring sale', isActive: true, views: 0, clicks: 0 },
    });
    ad = created.data.id;
    expect((await ctx.app.request(created.data.image!)).status).toBe(200);
    const all = await as(admin).call((r) => r.ad.all.$get({ query: {} }));
    expect(wholeList(all.data).map((a) => a.id)).toContain(ad);
    expect(await homeAds()).toContain(ad);
  });

  it('counts views and clicks, and is updated', async () => {
    await ctx.client().call((r) => r.ad.seen[':id'].$put({ param: param(ad) }));
    const clicked = await as(buyer).call((r) => r.ad.clicked[':id'].$put({ param: param(ad) }));
    expect(clicked.code).toBe(0);
    const one = await as(admin).call((r) => r.ad[':id'].$get({ param: param(ad) }));
    expect(one.data).toMatchObject({ id: ad, views: 1, clicks: 1 });
    const updated = await as(admin).call((r) =>
      r.ad.update.$post({
        json: { ...adFields, id: ad, title: 'Summer sale', image: one.data.image },
      }),
    );
    expect(updated).toMatchObject({ code: 0, data: { id: ad, title: 'Summer sale' } });
  });

  it('is deactivated and activated again', async () => {
    const off = await as(admin).call((r) => r.ad.deactivate[':id'].$put({ param: param(ad) }));
    expect(off).toMatchObject({ code: 0, message: 'Ad deactivated', data: { isActive: false } });
    expect(await homeAds()).not.toContain(ad);
    const on = await as(admin).call((r) => r.ad.activate.$post({ json: { id: ad } }));
    expect(on).toMatchObject({ code: 0, message: 'Ad activated', data: { isActive: true } });
    expect(await homeAds()).toContain(ad);
  });
});

describe('contact', () => {
  it('takes a message, which an administrator lists and answers by e-mail', async () => {
    const text = 'How long does approval take, please?';
    const sent = await ctx
      .client(buyer.accessToken, newAddress())
      .call((r) => r.contact.send.$post({ json: { email: buyer.email, phone: '', text } }));
    expect(sent).toMatchObject({ code: 0, message: 'Message sent successfully' });
    const messageId = sent.data.id;
    const list = await as(admin).call((r) => r.contact.messages.$post({ query: {} }));
    expect(wholeList(list.data)).toContainEqual(
      expect.objectContaining({ id: messageId, text, replyMessage: null }),
    );
    const reply = 'Approval takes up to 5 business days.';
    const replied = await as(admin).call((r) =>
      r.contact.reply.$post({ json: { messageId, messageEmail: buyer.email, text: reply } }),
    );
    expect(replied).toMatchObject({
      code: 0,
      message: 'Replied to message successfully',
      data: { id: messageId, replyMessage: reply },
    });
    expect((await lastMailTo(buyer.email))?.text).toContain(reply);
  });
});

describe('vouchers', () => {
  it('is created by an administrator and redeemed once, through the ledger', async () => {
    const created = await as(admin).call((r) =>
      r.voucher.add.$post({ json: { credits: 30, daysActive: 7 } }),
    );
    expect(created).toMatchObject({ code: 0, message: 'Voucher created', data: { credits: 30 } });
    const active = await as(admin).call((r) => r.voucher.active.$get({ query: {} }));
    expect(wholeList(active.data).map((v) => v.id)).toContain(created.data.id);
    const before = await balanceOf(buyer);
    const redeemed = await as(buyer).call((r) =>
      r.voucher.redeem.$post({ json: { userId: buyer.userId, code: created.data.code } }),
    );
    expect(redeemed).toMatchObject({
      code: 0,
      message: 'Successfully redeemed code',
      data: { credits: 30, balance: before + 30 },
    });
    expect(await walletOf(ctx, buyer.userId)).toEqual({
      balance: before + 30,
      ledger: before + 30,
    });
    const off = await as(admin).call((r) =>
      r.voucher.deactivate[':id'].$put({ param: param(created.data.id) }),
    );
    expect(off).toMatchObject({ code: 0, message: 'Voucher deactivated' });
  });
});

describe('payments', () => {
  let transactionId: number;

  it('tops up a company through the sandbox checkout', async () => {
    const packages = await as(seller).call((r) => r.payment.packages.$get());
    const pack = packages.data[0]!;
    expect(pack).toMatchObject({ typeId: 1, currency: 'EUR' });
    const before = await balanceOf(seller);
    const created = await as(seller).call((r) =>
      r.payment.create.$post({ json: { userId: seller.userId, paymentId: pack.id } }),
    );
    expect(created.code).toBe(0);
    const { sessionId, redirectUrl } = created.data;
    transactionId = created.data.transactionId;
    const page = await ctx.app.request(new URL(redirectUrl).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Pay</button>');
    const paid = await ctx.app.request(`/api/payment/sandbox/${sessionId}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    const check = await as(seller).call((r) =>
      r.payment.transaction.check.$post({ json: { sessionId } }),
    );
    expect(check).toMatchObject({
      code: 0,
      message: 'Successfully processed transaction!',
      data: { state: 'Paid' },
    });
    const byId = await as(seller).call((r) =>
      r.payment.transaction.check[':id'].$post({ param: param(transactionId) }),
    );
    expect(byId.code).toBe(0);
    expect(await balanceOf(seller)).toBe(before + pack.credits);
    expect(await walletOf(ctx, seller.userId)).toEqual({
      balance: before + pack.credits,
      ledger: before + pack.credits,
    });
  });

  it('lists the transactions to their owner and to administrators', async () => {
    const one = await as(seller).call((r) =>
      r.payment.transaction[':id'].$get({ param: param(transactionId) }),
    );
    expect(one.data).toMatchObject({ typeName: 'Top Up Credit', state: 'Paid' });
    const own = await as(seller).call((r) =>
      r.payment.transactions[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50 },
      }),
    );
    expect(own.data.transactions[0]).toMatchObject({ typeId: 1, state: 'Paid' });
    expect(own.data.transactions.at(-1)).toMatchObject({ typeId: 6, typeName: 'Welcome Credits' });
    const all = await as(admin).call((r) => r.payment.transactions.all.$get({ query: {} }));
    expect(all.data.transactions.some((t) => t.userEmail === seller.email)).toBe(true);
    const topUps = await as(admin).call((r) =>
      r.payment.transactions.type[':type'].$get({ param: { type: '1' }, query: {} }),
    );
    expect(topUps.data.transactions.map((t) => t.userEmail)).toContain(seller.email);
  });

  it('lets an administrator add, change and remove a package', async () => {
    const added = await as(admin).call((r) =>
      r.payment.packages.add.$post({
        json: { name: 'Weekend', description: 'Two weeks', amount: 12.5, credits: 130, typeId: 2 },
      }),
    );
    expect(added).toMatchObject({ code: 0, message: 'Payment package created' });
    const individual = await as(admin).call((r) =>
      r.payment.packages.individual.$get({ query: {} }),
    );
    expect(wholeList(individual.data).map((p) => p.id)).toContain(added.data.id);
    const company = await as(admin).call((r) => r.payment.packages.company.$get({ query: {} }));
    expect(wholeList(company.data).length).toBeGreaterThan(0);
    const updated = await as(admin).call((r) =>
      r.payment.packages.update.$post({
        json: { id: added.data.id, name: 'Weekend+', amount: 15, credits: 150, typeId: 2 },
      }),
    );
    expect(updated).toMatchObject({ code: 0, data: { name: 'Weekend+', longAmount: 1500 } });
    const removed = await as(admin).call((r) =>
      r.payment.packages.remove[':id'].$delete({ param: param(added.data.id) }),
    );
    expect(removed).toMatchObject({ code: 0, message: 'Successfully removed package' });
  });
});

describe('subscriptions', () => {
  let subscription: number;

  it('promotes the listing with the bought credits, the ledger and balance staying equal', async () => {
    const before = await balanceOf(seller);
    const promoted = await as(seller).call((r) =>
      r.car.promote.$post({ json: { carId: car, listingTypeId: 2 } }),
    );
    expect(promoted).toMatchObject({
      code: 0,
      message: 'Successfully promoted listing',
      data: { listingTypeId: 2 },
    });
    const charged = promoted.data.charged;
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(seller)).toBe(before - charged);
    expect(await walletOf(ctx, seller.userId)).toEqual({
      balance: before - charged,
      ledger: before - charged,
    });
    expect((await detail(car)).data).toMatchObject({ listingTypeId: 2, typeName: 'Featured' });
    const history = await as(seller).call((r) =>
      r.payment.transactions[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50 },
      }),
    );
    expect(history.data.transactions[0]).toMatchObject({
      typeId: 5,
      credits: charged,
      listingId: car,
    });
  });

  it('lists the subscription, its detail and its history', async () => {
    const mine = await as(seller).call((r) =>
      r.subscription.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { filterType: null },
      }),
    );
    const sub = mine.data.find((s) => s.carId === car);
    expect(sub).toMatchObject({ type: 1, typeName: 'Active', listingTypeName: 'Featured' });
    subscription = sub!.id;
    const one = await as(seller).call((r) =>
      r.subscription[':id'].$get({ param: param(subscription) }),
    );
    expect(one.data).toMatchObject({ id: subscription, carId: car });
    const history = await as(seller).call((r) =>
      r.subscription.history.car[':carId'].$post({ param: { carId: String(car) } }),
    );
    expect(history.data.history).toEqual([
      expect.objectContaining({ listingTypeId: 2, listingTypeName: 'Featured' }),
    ]);
  });

  it('is cancelled and reactivated by its owner', async () => {
    const cancelled = await as(seller).call((r) =>
      r.subscription.cancel[':carId'].$put({ param: { carId: String(car) } }),
    );
    expect(cancelled).toMatchObject({ code: 0, message: 'Cancelled subscription' });
    const reactivated = await as(seller).call((r) =>
      r.subscription.reactivate[':carId'].$put({ param: { carId: String(car) } }),
    );
    expect(reactivated).toMatchObject({ code: 0, message: 'Reactivated subscription' });
    const one = await as(seller).call((r) =>
      r.subscription[':id'].$get({ param: param(subscription) }),
    );
    expect(one.data.type).toBe(1);
  });
});

describe('notifications', () => {
  it('tells the seller the listing is live, read and removed from the bell', async () => {
    const list = await as(seller).call((r) =>
      r.notifications.user[':userId'].$post({
        param: { userId: String(seller.userId) },
        json: { pageNumber: 1, pageSize: 50 },
      }),
    );
    const live = list.data.find((n) => n.title === 'Your listing is live');
    expect(live).toMatchObject({ isRead: false });
    const unread = async () =>
      (await as(seller).call((r) => r.notifications.unread.count.$get())).data.count;
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    const one = await as(seller).call((r) =>
      r.notifications[':id'].$get({ param: param(live!.id) }),
    );
    expect(one.data).toMatchObject({ id: live!.id, title: 'Your listing is live' });
    const read = await as(seller).call((r) =>
      r.notifications.read[':id'].$put({ param: param(live!.id) }),
    );
    expect(read).toMatchObject({ code: 0, data: { isRead: true } });
    expect(await unread()).toBe(before - 1);
    const removed = await as(seller).call((r) =>
      r.notifications.remove[':id'].$put({ param: param(live!.id) }),
    );
    expect(removed.code).toBe(0);
    expect(await notificationTitles(seller)).not.toContain('Your listing is live');
  });

  it('sends an administrator’s notice to every user', async () => {
    const sent = await as(admin).call((r) =>
      r.notifications.send.$post({
        json: {
          typeId: 1,
          title: 'Summer sale',
          message: '<p>Premium listings are <b>half price</b> this week.</p>',
          mailMessage: '',
          allUsers: true,
          topic: 'general',
        },
      }),
    );
    expect(sent).toMatchObject({ code: 0, message: 'Successfully sent notification' });
    expect(sent.data.recipients).toBeGreaterThanOrEqual(2);
    expect(await notificationTitles(buyer)).toContain('Summer sale');
  });
});

describe('conversations', () => {
  let conversation: number;

  it('lets a buyer message the seller about the listing', async () => {
    const info = await as(buyer).call((r) =>
      r.conversations.car[':carId'].$get({ param: { carId: String(car) } }),
    );
    expect(info.data).toMatchObject({ conversationId: null, car: { id: car } });
    const started = await as(buyer).call((r) =>
      r.conversations.$post({ json: { carId: car, text: 'Hello, is the car still available?' } }),
    );
    expect(started.code).toBe(0);
    expect(started.data.message).toMatchObject({ mine: true });
    conversation = started.data.conversationId;
  });

  it('shows the seller the message, who answers and reads it', async () => {
    expect((await as(seller).call((r) => r.conversations.unread.count.$get())).data.count).toBe(1);
    const inbox = await as(seller).call((r) => r.conversations.$get());
    expect(inbox.data[0]).toMatchObject({
      id: conversation,
      role: 'seller',
      unread: 1,
      lastMessage: 'Hello, is the car still available?',
    });
    const view = await as(seller).call((r) =>
      r.conversations[':id'].$get({ param: param(conversation) }),
    );
    expect(view.data).toMatchObject({ role: 'seller', canWrite: true });
    const answer = await as(seller).call((r) =>
      r.conversations[':id'].messages.$post({
        param: param(conversation),
        json: { text: 'Yes, come and see it on Saturday.' },
      }),
    );
    expect(answer.code).toBe(0);
    const read = await as(seller).call((r) =>
      r.conversations[':id'].read.$put({ param: param(conversation) }),
    );
    expect(read.code).toBe(0);
    expect((await as(seller).call((r) => r.conversations.unread.count.$get())).data.count).toBe(0);
  });

  it('delivers the answer to the buyer', async () => {
    const messages = await as(buyer).call((r) =>
      r.conversations[':id'].messages.$get({ param: param(conversation), query: {} }),
    );
    expect(messages.data.map((m) => [m.text, m.mine])).toEqual([
      ['Hello, is the car still available?', true],
      ['Yes, come and see it on Saturday.', false],
    ]);
  });

  it('blocks and unblocks the other party', async () => {
    const blocked = await as(seller).call((r) =>
      r.conversations[':id'].block.$put({ param: param(conversation) }),
    );
    expect(blocked.code).toBe(0);
    const unblocked = await as(seller).call((r) =>
      r.conversations[':id'].unblock.$put({ param: param(conversation) }),
    );
    expect(unblocked.code).toBe(0);
    const view = await as(buyer).call((r) =>
      r.conversations[':id'].$get({ param: param(conversation) }),
    );
    expect(view.data.canWrite).toBe(true);
  });

  it('takes a report an administrator reads and resolves', async () => {
    const reported = await as(buyer).call((r) =>
      r.conversations[':id'].report.$post({
        param: param(conversation),
        json: { reason: 'The seller asks for money before a viewing' },
      }),
    );
    expect(reported.code).toBe(0);
    const reports = await as(admin).call((r) => r.conversations.reports.$get());
    const report = reports.data.find((x) => x.conversationId === conversation);
    expect(report).toMatchObject({ reporterId: buyer.userId, resolvedAt: null });
    const shown = await as(admin).call((r) =>
      r.conversations.reports[':id'].$get({ param: param(report!.id) }),
    );
    expect(shown.data.messages).toHaveLength(2);
    const resolved = await as(admin).call((r) =>
      r.conversations.reports[':id'].resolve.$put({ param: param(report!.id) }),
    );
    expect(resolved.data.resolvedAt).not.toBeNull();
  });
});

describe('saved searches', () => {
  let search: string;

  it('saves a search, renames it and opens it', async () => {
    const created = await as(buyer).call((r) =>
      r['saved-searches'].$post({
        json: { name: 'Cheap Toyotas', filters: { brand: toyota, maxPrice: 12_000 } },
      }),
    );
    expect(created).toMatchObject({
      code: 0,
      message: 'Search saved',
      data: { name: 'Cheap Toyotas', alert: 'instant', filters: { brand: toyota } },
    });
    search = String(created.data.id);
    const renamed = await as(buyer).call((r) =>
      r['saved-searches'][':id'].$put({ param: { id: search }, json: { name: 'Yaris' } }),
    );
    expect(renamed).toMatchObject({ code: 0, data: { name: 'Yaris', alert: 'instant' } });
    const list = await as(buyer).call((r) => r['saved-searches'].$get());
    expect(list.data.map((s) => s.name)).toEqual(['Yaris']);
    const opened = await as(buyer).call((r) =>
      r['saved-searches'][':id'].open.$post({ param: { id: search } }),
    );
    expect(opened).toMatchObject({ code: 0, data: { newCount: 0 } });
  });

  it('tells the buyer of a new match, and its mail’s link turns the alert off', async () => {
    await alertsCaughtUp(ctx);
    const match = await submitListing(ctx, seller.accessToken, {
      title: 'A match',
      price: 8_000,
    });
    await as(admin).call((r) => r.cars.requests.approve[':id'].$post({ param: param(match) }));
    await alertsCaughtUp(ctx);
    expect(await notificationTitles(buyer)).toContain('1 new car for "Yaris"');
    const mail = await lastMailTo(buyer.email);
    expect(mail?.subject).toBe('1 new car for "Yaris"');
    const link = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    const token = link.searchParams.get('token')!;
    const off = await ctx
      .client()
      .call((r) => r['saved-searches'].unsubscribe.$post({ query: { token } }));
    expect(off).toMatchObject({ code: 0, data: { name: 'Yaris' } });
    const list = await as(buyer).call((r) => r['saved-searches'].$get());
    expect(list.data[0]?.alert).toBe('off');
  });

  it('deletes the search', async () => {
    const removed = await as(buyer).call((r) =>
      r['saved-searches'][':id'].$delete({ param: { id: search } }),
    );
    expect(removed).toMatchObject({ code: 0, message: 'Saved search deleted' });
    expect((await as(buyer).call((r) => r['saved-searches'].$get())).data).toEqual([]);
  });
});

describe('insights', () => {
  it('counts a visitor’s impressions, views and contact reveals for the owner', async () => {
    const visitor = ctx.client(undefined, newAddress(), { 'user-agent': chrome });
    await flushCounters(ctx.deps);
    const before = (await as(seller).call((r) => r.insights.car[':id'].$get({ param: param(car) })))
      .data.totals;
    const shown = await visitor.call((r) =>
      r.cars.impressions.$post({ json: { ids: [car], place: 'search' } }),
    );
    expect(shown.code).toBe(0);
    await visitor.call((r) => r.car[':id'].view.$post({ param: param(car) }));
    const revealed = await visitor.call((r) =>
      r.car[':id'].event.$post({ param: param(car), json: { kind: 'phone' } }),
    );
    expect(revealed.code).toBe(0);
    await flushCounters(ctx.deps);
    const res = await as(seller).call((r) => r.insights.car[':id'].$get({ param: param(car) }));
    expect(res.data.listing.id).toBe(car);
    expect(res.data.totals).toMatchObject({
      impressions: before.impressions + 1,
      views: before.views + 1,
      phoneReveals: before.phoneReveals + 1,
    });
  });

  it('totals the seller’s listings, and the site for an administrator', async () => {
    const mine = await as(seller).call((r) =>
      r.insights.user[':userId'].$get({ param: { userId: String(seller.userId) } }),
    );
    expect(mine.data.listings.map((l) => l.id)).toContain(car);
    const site = await as(admin).call((r) => r.insights.site.$get({ query: { days: '1' } }));
    expect(site.code).toBe(0);
    expect(site.data.days.length).toBeGreaterThan(0);
  });
});

describe('prices', () => {
  it('keeps the price history and tells a favouriter of a drop', async () => {
    await as(buyer).call((r) => r.favorite.add.$post({ json: { carId: car } }));
    const raw = await as(seller).call((r) =>
      r.car.edit.details.raw[':id'].$get({ param: param(car) }),
    );
    const json = {
      ...(await listingPayload(ctx, { title: 'Toyota Yaris, new tyres', price: 8_900 })),
      images: raw.data.images,
      originalId: car,
    };
    const edit = await as(seller).call((r) => r.cars.edit.$post({ json }));
    await as(admin).call((r) => r.cars.edit.approve[':id'].$post({ param: param(edit.data.id) }));
    const shown = await detail(car);
    expect(shown.data.price).toBe(8_900);
    expect(shown.data.priceHistory.map((p) => p.price)).toEqual([9_500, 8_900]);
    expect(await notificationTitles(buyer)).toContain('Price drop on a car you saved');
  });
});

describe('push', () => {
  it('gives the public key and subscribes and unsubscribes a browser', async () => {
    const key = await ctx.client().call((r) => r.push.key.$get());
    expect(Buffer.from(key.data.publicKey, 'base64url')).toHaveLength(65);
    const browser = createECDH('prime256v1');
    const subscription = {
      endpoint: `https://${TEST_PUSH_SERVICE}/send/engine-test`,
      keys: {
        p256dh: browser.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    const on = await as(buyer).call((r) => r.push.subscriptions.$post({ json: subscription }));
    expect(on).toMatchObject({ code: 0, message: 'Push notifications turned on' });
    const off = await as(buyer).call((r) =>
      r.push.subscriptions.remove.$post({ json: { endpoint: subscription.endpoint } }),
    );
    expect(off).toMatchObject({ code: 0, message: 'Push notifications turned off' });
  });
});

describe('trust', () => {
  it('shows an administrator a listing’s review with its history', async () => {
    const review = await as(admin).call((r) => r.cars.review[':id'].$get({ param: param(car) }));
    expect(review.code).toBe(0);
    expect(review.data.history.map((h) => h.action)).toContain('approve');
  });

  it('keeps reason templates', async () => {
    const added = await as(admin).call((r) =>
      r.moderation.reasons.$post({ json: { kind: 'deny', text: 'The photos show another car.' } }),
    );
    expect(added).toMatchObject({ code: 0, message: 'Reason saved', data: { kind: 'deny' } });
    const changed = await as(admin).call((r) =>
      r.moderation.reasons[':id'].$put({
        param: param(added.data.id),
        json: { kind: 'deny', text: 'The photos show a different car.' },
      }),
    );
    expect(changed.data.text).toBe('The photos show a different car.');
    const list = await as(admin).call((r) =>
      r.moderation.reasons.$get({ query: { kind: 'deny' } }),
    );
    expect(list.data.map((t) => t.text)).toContain('The photos show a different car.');
    const removed = await as(admin).call((r) =>
      r.moderation.reasons[':id'].$delete({ param: param(added.data.id) }),
    );
    expect(removed).toMatchObject({ code: 0, message: 'Reason removed' });
  });

  it('answers the turnaround of the moderation queues', async () => {
    const turnaround = await as(admin).call((r) => r.moderation.turnaround.$get());
    expect(turnaround.data.queues.map((q) => q.queue)).toEqual(['requests', 'edits', 'reports']);
    expect(turnaround.data.decisions).toBeGreaterThan(0);
  });
});

describe('audit', () => {
  it('logs the administrator’s decisions, read through the moderation log', async () => {
    const log = await as(admin).call((r) =>
      r.moderation.log.$get({ query: { adminId: String(admin.userId), perPage: '100' } }),
    );
    expect(log.code).toBe(0);
    const done = log.data.items.map((e) => `${e.entity} ${e.action}`);
    expect(done).toEqual(
      expect.arrayContaining([
        'listing approve',
        'listing deny',
        'configuration update',
        'ad create',
      ]),
    );
    expect(log.data.items).toContainEqual(
      expect.objectContaining({ action: 'approve', entity: 'listing', entityId: car }),
    );
    const facets = await as(admin).call((r) => r.moderation.log.facets.$get());
    expect(facets.data.admins.map((a) => a.id)).toContain(admin.userId);
  });
});

describe('operations', () => {
  it('answers the health and readiness checks on the migrated database', async () => {
    const ops = opsRouter(ctx.db, { stopping: false }, undefined);
    const health = await ops.request('/healthz');
    expect(health.status).toBe(200);
    const ready = await ops.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('removing a listing', () => {
  it('takes the listing down for good at its owner’s word', async () => {
    const removed = await as(seller).call((r) =>
      r.car.remove[':id'].$delete({ param: param(car) }),
    );
    expect(removed).toMatchObject({ code: 0, message: 'Car removed' });
    expect((await detail(car)).status).toBe(404);
    const search = await ctx
      .client()
      .call((r) => r.cars.search.$post({ json: { brand: toyota, pageSize: 50 } }));
    expect(search.data.cars.map((c) => c.id)).not.toContain(car);
  });
});
