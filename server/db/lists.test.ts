import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '#shared/schemas/list.ts';
import { listingTypeIds } from '#shared/promotion.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUpAdmin } from '../../tests/support/factories.ts';
import { pageOf, wholeList } from '../../tests/support/lists.ts';
import { modelId } from '../../tests/support/listings.ts';
import { ads, contactMessages, listings, transactions, users, vouchers } from './schema/index.ts';

/**
 * The back-office lists page, sort and search on the server: without list parameters each
 * answers whole (the spec's answer); with any of them one page and the total.
 */
let ctx: TestContext;
let token: string;
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

let seller: number;
const live: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signUpAdmin(ctx)).accessToken;

  const people = [
    ['maria.borg@example.mt', 'Maria', 'Borg', 2],
    ['joseph.camilleri@example.mt', 'Joseph', 'Camilleri', 2],
    ['sales@islandmotors.example.mt', 'Island Motors', '', 3],
    ['luke.vella@example.mt', 'Luke', 'Vella', 2],
  ] as const;
  const inserted = await ctx.db
    .insert(users)
    .values(
      people.map(([email, firstName, lastName, roleId], i) => ({
        email,
        firstName,
        lastName,
        roleId,
        passwordHash: 'not a hash',
        createdAt: new Date(start + i * DAY),
      })),
    )
    .returning({ id: users.id });
  seller = inserted[0]!.id;

  const yaris = await modelId(ctx, 'Toyota', 'Yaris');
  const golf = await modelId(ctx, 'Volkswagen', 'Golf');
  const listing = (
    title: string,
    model: { makeId: number; modelId: number },
    price: number,
    more: Partial<typeof listings.$inferInsert> = {},
  ) => ({
    userId: seller,
    state: 'ACTIVE' as const,
    listingTypeId: listingTypeIds.standard,
    makeId: model.makeId,
    modelId: model.modelId,
    title,
    bodyId: 1,
    fuelId: 1,
    doorNumberId: 1,
    emissionClassId: 1,
    transmissionId: 1,
    steeringWheelSideId: 1,
    acTypeId: 1,
    originId: 1,
    colorId: 1,
    year: 2015,
    price,
    currency: '€',
    power: 100,
    millage: 50_000,
    publishedAt: new Date(start),
    ...more,
  });
  const rows = await ctx.db
    .insert(listings)
    .values([
      listing('Yaris hybrid, one owner', yaris, 9_000, { year: 2019 }),
      listing('golf gti, red', golf, 15_500, { year: 2017, listingTypeId: listingTypeIds.premium }),
      listing('Yaris 1.0 city car', yaris, 6_000, { year: 2012 }),
      listing('Golf estate 100% serviced', golf, 12_000, {
        year: 2016,
        listingTypeId: listingTypeIds.featured,
      }),
      listing('Auris touring', yaris, 9_000, { year: 2014, topSpottedAt: new Date(start) }),
      listing('Pending Yaris', yaris, 7_000, { state: 'PENDING', publishedAt: null }),
      listing('Denied Golf', golf, 8_000, { state: 'DENIED', publishedAt: null }),
    ])
    .returning({ id: listings.id, title: listings.title });
  for (const row of rows) live[row.title] = row.id;

  await ctx.db.insert(contactMessages).values(
    ['Is the Yaris still for sale?', 'Do you take trade-ins?', 'Where is the Golf?'].map(
      (text, i) => ({
        email: `visitor${i}@example.mt`,
        phone: `7900000${i}`,
        text,
        createdAt: new Date(start + i * DAY),
        replyMessage: i === 1 ? 'Yes' : null,
        repliedAt: i === 1 ? new Date(start + 2 * i * DAY) : null,
      }),
    ),
  );
  await ctx.db.insert(ads).values(
    ['Tyres', 'Insurance', 'Car wash'].map((title, i) => ({
      title,
      description: `${title} for every car`,
      url: 'https://example.mt',
      client: ['Tyre Co', 'Cover Ltd', 'Shine'][i]!,
      daysActive: 30,
      createdAt: new Date(start + i * DAY),
      expiresAt: new Date(Date.now() + (i + 1) * DAY),
    })),
  );
  await ctx.db.insert(vouchers).values(
    ['ABCD-EFGH-JKLM', 'NPQR-STUV-WXYZ', 'QWER-TYUP-ASDF'].map((code, i) => ({
      code,
      credits: (i + 1) * 10,
      daysActive: 30,
      createdAt: new Date(start + i * DAY),
      expiresAt: new Date(Date.now() + 30 * DAY),
    })),
  );
  await ctx.db.insert(transactions).values(
    [0, 1, 2, 3].map((i) => ({
      userId: seller,
      typeId: i % 2 ? 3 : 1,
      state: 'Done',
      credits: 10 + i,
      createdAt: new Date(start + i * DAY),
    })),
  );
});
afterAll(() => ctx.close());

/** A query string as the back-office writes it, as the typed client takes a query. */
const listQuery = (text: string) => Object.fromEntries(new URLSearchParams(text));
/** The administrator's page of the live listings with the list parameters `query`. */
const active = (query: string) =>
  pageOf(ctx.client(token).call((r) => r.cars.active.$get({ query: listQuery(query) })));
const ids = (answer: { data: ListPage<{ id: number }> }) => answer.data.items.map((r) => r.id);

describe('GET cars/active (every live listing)', () => {
  const liveTitles = [
    'Yaris hybrid, one owner',
    'golf gti, red',
    'Yaris 1.0 city car',
    'Golf estate 100% serviced',
    'Auris touring',
  ];

  it('answers the whole list without list parameters, one page and the total with them', async () => {
    const whole = await ctx.client(token).call((r) => r.cars.active.$get({ query: {} }));
    expect(
      wholeList(whole.data)
        .map((c) => c.title)
        .sort(),
    ).toEqual([...liveTitles].sort());

    const first = await active('page=1&perPage=2');
    expect(first.code).toBe(0);
    expect(first.data.totalCount).toBe(5);
    // Newest first: the list's own order.
    expect(first.data.items.map((c) => c.title)).toEqual([
      'Auris touring',
      'Golf estate 100% serviced',
    ]);
    expect(first.data.items[0]).toMatchObject({ brand: 'Toyota', model: 'Yaris', price: 9000 });
  });

  it('pages through in the asked order, the id breaking ties, without overlaps', async () => {
    const all: number[] = [];
    for (const n of [1, 2, 3]) {
      const answer = await active(`page=${n}&perPage=2&sort=price&order=ASC`);
      expect(answer.data.totalCount).toBe(5);
      all.push(...ids(answer));
    }
    expect(all).toEqual([
      live['Yaris 1.0 city car'],
      live['Yaris hybrid, one owner'],
      live['Auris touring'],
      live['Golf estate 100% serviced'],
      live['golf gti, red'],
    ]);
    const beyond = await active('page=4&perPage=2');
    expect(beyond.data).toEqual({ items: [], totalCount: 5 });
  });

  it.each([
    ['title', 'ASC', ['Auris touring', 'Golf estate 100% serviced', 'golf gti, red']],
    ['year', 'DESC', ['Yaris hybrid, one owner', 'golf gti, red', 'Golf estate 100% serviced']],
    ['typeId', 'ASC', ['golf gti, red', 'Golf estate 100% serviced', 'Auris touring']],
    ['price', 'DESC', ['golf gti, red', 'Golf estate 100% serviced', 'Auris touring']],
  ])('sorts by %s %s', async (sort, order, titles) => {
    const answer = await active(`perPage=3&sort=${sort}&order=${order}`);
    expect(answer.data.items.map((c) => c.title)).toEqual(titles);
  });

  it('searches the title anywhere in it, the make, the model and the id', async () => {
    const titles = async (q: string) =>
      (await active(`q=${encodeURIComponent(q)}&sort=id`)).data.items.map((c) => c.title).sort();
    expect(await titles('GOLF')).toEqual(['Golf estate 100% serviced', 'golf gti, red']);
    expect(await titles('one own')).toEqual(['Yaris hybrid, one owner']);
    expect(await titles('toyota')).toEqual([
      'Auris touring',
      'Yaris 1.0 city car',
      'Yaris hybrid, one owner',
    ]);
    // % and _ are the letters typed, not wildcards.
    expect(await titles('100%')).toEqual(['Golf estate 100% serviced']);
    expect(await titles('_')).toEqual([]);
    expect(await titles(String(live['Auris touring']))).toEqual(['Auris touring']);
    // Requests are not live listings, whatever they are called.
    expect(await titles('Pending')).toEqual([]);
    const counted = await active('q=yaris&perPage=1');
    expect(counted.data.totalCount).toBe(3);
  });

  it('answers only the asked ids (getMany), all of them without a perPage', async () => {
    const wanted = [live['golf gti, red']!, live['Auris touring']!, live['Pending Yaris']!];
    const answer = await active(`ids=${wanted.join(',')}`);
    expect(ids(answer).sort()).toEqual(wanted.slice(0, 2).sort());
    expect(answer.data.totalCount).toBe(2);
  });

  it('refuses a field it does not sort by, a page too large and bad ids, naming the rule', async () => {
    const brand = await active('sort=brand');
    expect(brand.status).toBe(400);
    expect(brand.message).toBe('"sort" must be one of id, title, year, price, typeId, createdAt');
    expect((await active('perPage=1001')).message).toBe('"perPage" must be at most 1000');
    expect((await active('page=0')).status).toBe(400);
    expect((await active('order=sideways')).status).toBe(400);
    expect((await active('ids=1,x')).message).toBe('Id must be a number');
  });

  it('is for administrators only', async () => {
    expect(
      (await ctx.client().call((r) => r.cars.active.$get({ query: { page: '1' } }))).status,
    ).toBe(401);
  });
});

describe('the moderation queues and Top Spotted', () => {
  it('page, sort (make and model too) and count their own listings', async () => {
    const requests = await pageOf(
      ctx.client(token).call((r) => r.car.requests.$get({ query: listQuery('perPage=1') })),
    );
    expect(requests.data).toMatchObject({ totalCount: 1, items: [{ title: 'Pending Yaris' }] });
    const denied = await pageOf(
      ctx
        .client(token)
        .call((r) => r.car.requests.denied.$get({ query: listQuery('sort=brand&order=DESC') })),
    );
    expect(denied.data.items.map((c) => c.title)).toEqual(['Denied Golf']);
    expect(
      (
        await pageOf(
          ctx
            .client(token)
            .call((r) => r.cars['top-spotted'].$get({ query: listQuery('sort=model') })),
        )
      ).data,
    ).toMatchObject({
      totalCount: 1,
      items: [{ title: 'Auris touring' }],
    });
    expect(
      (
        await pageOf(
          ctx.client(token).call((r) => r.cars.edit.all.$get({ query: listQuery('page=1') })),
        )
      ).data,
    ).toEqual({
      items: [],
      totalCount: 0,
    });
  });
});

describe('GET user/all', () => {
  it('answers every account without list parameters, a page with them', async () => {
    const whole = await ctx.client(token).call((r) => r.user.all.$get({ query: {} }));
    expect(whole.data).toHaveLength(5);
    const answer = await pageOf(
      ctx
        .client(token)
        .call((r) => r.user.all.$get({ query: listQuery('perPage=2&sort=email&order=ASC') })),
    );
    expect(answer.data.totalCount).toBe(5);
    expect(answer.data.items.map((u) => u.email)).toEqual([
      expect.stringMatching(/^admin\./),
      'joseph.camilleri@example.mt',
    ]);
  });

  it('searches the address and names, a full name too, and sorts by name and role', async () => {
    const emails = async (query: string) =>
      (
        await pageOf(
          ctx.client(token).call((r) => r.user.all.$get({ query: listQuery(`${query}`) })),
        )
      ).data.items.map((u) => u.email);
    expect(await emails('q=ISLANDMOTORS')).toEqual(['sales@islandmotors.example.mt']);
    expect(await emails('q=Maria%20Borg')).toEqual(['maria.borg@example.mt']);
    expect(await emails(`q=${seller}`)).toContain('maria.borg@example.mt');
    expect(await emails('q=vella&sort=lastName')).toEqual(['luke.vella@example.mt']);
    const byLastName = await emails('sort=lastName&order=DESC&perPage=2');
    expect(byLastName).toEqual(['luke.vella@example.mt', 'joseph.camilleri@example.mt']);
    const byRole = await emails('sort=roleName&order=DESC&perPage=1');
    expect(byRole).toEqual(['sales@islandmotors.example.mt']);
  });
});

describe('POST contact/messages', () => {
  it('pages, sorts and searches the messages', async () => {
    const post = (query: string) =>
      pageOf(ctx.client(token).call((r) => r.contact.messages.$post({ query: listQuery(query) })));
    const first = await post('page=1&perPage=2');
    expect(first.data.totalCount).toBe(3);
    expect(first.data.items.map((m) => m.text)).toEqual([
      'Where is the Golf?',
      'Do you take trade-ins?',
    ]);
    const unanswered = await post('sort=replyMessage&order=ASC&perPage=2');
    expect(unanswered.data.items.every((m) => m.replyMessage === null)).toBe(true);
    expect((await post('q=golf')).data.items.map((m) => m.email)).toEqual(['visitor2@example.mt']);
    const whole = await ctx.client(token).call((r) => r.contact.messages.$post({ query: {} }));
    expect(whole.data).toHaveLength(3);
  });
});

describe('ads, vouchers and packages', () => {
  it('ad/all pages, sorts and searches', async () => {
    const answer = await pageOf(
      ctx
        .client(token)
        .call((r) => r.ad.all.$get({ query: listQuery('sort=client&order=ASC&perPage=2') })),
    );
    expect(answer.data.totalCount).toBe(3);
    expect(answer.data.items.map((a) => a.client)).toEqual(['Cover Ltd', 'Shine']);
    expect(
      (
        await pageOf(ctx.client(token).call((r) => r.ad.all.$get({ query: listQuery('q=wash') })))
      ).data.items.map((a) => a.title),
    ).toEqual(['Car wash']);
  });

  it('voucher/active finds a code with or without its dashes', async () => {
    const codes = async (query: string) =>
      (
        await pageOf(
          ctx.client(token).call((r) => r.voucher.active.$get({ query: listQuery(`${query}`) })),
        )
      ).data.items.map((v) => v.code);
    expect(await codes('q=stuvwx')).toEqual(['NPQR-STUV-WXYZ']);
    expect(await codes('q=efgh-j')).toEqual(['ABCD-EFGH-JKLM']);
    expect(await codes('sort=credits&order=DESC&perPage=1')).toEqual(['QWER-TYUP-ASDF']);
  });

  it('payment packages of a kind page and sort', async () => {
    const answer = await pageOf(
      ctx.client(token).call((r) =>
        r.payment.packages.individual.$get({
          query: listQuery('sort=amount&order=DESC&perPage=1'),
        }),
      ),
    );
    expect(answer.data.totalCount).toBe(3);
    expect(answer.data.items.map((p) => p.name)).toEqual(['Plus']);
    const whole = await ctx
      .client(token)
      .call((r) => r.payment.packages.company.$get({ query: {} }));
    expect(Array.isArray(whole.data)).toBe(true);
  });
});

describe('makes and models (reference data)', () => {
  it('page, sort and search in memory, the whole list without parameters', async () => {
    const whole = wholeList(
      (await ctx.client().call((r) => r.cars.brands.$get({ query: {} }))).data,
    );
    const makes = await pageOf(
      ctx
        .client()
        .call((r) => r.cars.brands.$get({ query: listQuery('sort=name&order=DESC&perPage=3') })),
    );
    expect(makes.data.totalCount).toBe(whole.length);
    expect(makes.data.items).toEqual(whole.slice(-3).reverse());
    const found = await pageOf(
      ctx.client().call((r) => r.cars.brands.$get({ query: listQuery('q=volks') })),
    );
    expect(found.data.items.map((m) => m.name)).toEqual(['Volkswagen']);
    const { makeId } = await modelId(ctx, 'Toyota', 'Yaris');
    const models = await pageOf(
      ctx.client().call((r) =>
        r.cars.brands[':brandId'].models.$get({
          param: { brandId: String(makeId) },
          query: listQuery('q=yaris&page=1'),
        }),
      ),
    );
    expect(models.data.items.map((m) => m.name)).toEqual(['Yaris', 'Yaris Cross']);
  });
});

describe('transactions', () => {
  it('take page, perPage and order besides pageNumber and pageSize', async () => {
    const oldest = await ctx.client(token).call((r) =>
      r.payment.transactions.all.$get({
        query: { page: '1', perPage: '2', sort: 'date', order: 'ASC' },
      }),
    );
    expect(oldest.data.totalCount).toBe(4);
    expect(oldest.data.transactions.map((t) => t.credits)).toEqual([10, 11]);
    const vouchers = await ctx.client(token).call((r) =>
      r.payment.transactions.type[':type'].$get({
        param: { type: '3' },
        query: { pageNumber: '1', pageSize: '1' },
      }),
    );
    expect(vouchers.data.transactions.map((t) => t.credits)).toEqual([13]);
    expect(vouchers.data.totalCount).toBe(2);
  });
});

describe('the OpenAPI document', () => {
  it('documents the list parameters', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters?: { name: string }[] } }>;
    };
    for (const path of ['/api/cars/active', '/api/user/all', '/api/payment/transactions/all'])
      expect(doc.paths[path]?.get.parameters?.map((p) => p.name)).toEqual(
        expect.arrayContaining(['page', 'perPage', 'sort', 'order', 'ids']),
      );
  });
});
