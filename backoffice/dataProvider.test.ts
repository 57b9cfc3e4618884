import { HttpError, type GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, through, type MockResult } from './apiMock.ts';
import { createDataProvider, listQuery, pageThrough } from './dataProvider.ts';

const ok = (data: unknown, message = ''): MockResult => ({ code: 0, message, data, status: 200 });

/** A client that answers `data` (or a function of the call) to every request and records them. */
function mockClient(answer: unknown | ((method: string, path: string) => unknown)) {
  const client = mockApi(async (method, path) =>
    ok(typeof answer === 'function' ? answer(method, path) : answer),
  );
  return { client, provider: createDataProvider(through(client)) };
}

const cards = [
  { id: 3, brand: 'Toyota', title: 'Yaris hybrid', price: 9000, city: 'Qormi' },
  { id: 1, brand: 'BMW', title: '320d touring', price: 15500, city: 'Sliema' },
  { id: 2, brand: 'Audi', title: 'A3 Sportback', price: 12000, city: 'Qormi' },
];
const page: GetListParams = {
  pagination: { page: 1, perPage: 10 },
  sort: { field: 'id', order: 'ASC' },
  filter: {},
};

/** A paged list answer: {items, totalCount}. */
const pageOf = (items: unknown[], totalCount = items.length) => ({ items, totalCount });

describe('listQuery', () => {
  it('sends the page, the chosen sort, the search and the ids', () => {
    expect(listQuery(page, 1, 10)).toEqual({ page: '1', perPage: '10', sort: 'id', order: 'ASC' });
    expect(
      listQuery(
        { sort: { field: 'title', order: 'DESC' }, filter: { q: 'golf & co', ids: [3, 4] } },
        2,
        25,
      ),
    ).toEqual({
      page: '2',
      perPage: '25',
      sort: 'title',
      order: 'DESC',
      q: 'golf & co',
      ids: '3,4',
    });
  });

  it('leaves out a sort without a field, an empty search and other filters', () => {
    expect(
      listQuery({ sort: { field: '', order: 'ASC' }, filter: { q: '', typeId: 2 } }, 1, 5),
    ).toEqual({ page: '1', perPage: '5' });
    expect(listQuery({}, 3, 24)).toEqual({ page: '3', perPage: '24' });
  });
});

describe('pageThrough', () => {
  /** A server of `total` rows with ids 1..total that answers at most 1000 a page. */
  const server = (total: number) =>
    vi.fn(async (n: number, perPage: number) => ({
      data: Array.from(
        { length: Math.max(0, Math.min(perPage, total - (n - 1) * perPage)) },
        (_, i) => ({ id: (n - 1) * perPage + i + 1 }),
      ),
      total,
    }));

  it('asks once for a page the server can answer', async () => {
    const fetchPage = server(30);
    expect((await pageThrough({ page: 2, perPage: 25 }, fetchPage)).data).toHaveLength(5);
    expect(fetchPage).toHaveBeenCalledExactlyOnceWith(2, 25);
  });

  it('fetches every row of an export 1000 at a time, and stops at the last', async () => {
    const fetchPage = server(2500);
    const result = await pageThrough({ page: 1, perPage: Number.MAX_SAFE_INTEGER }, fetchPage);
    expect(result.total).toBe(2500);
    expect(result.data.map((r) => r.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(fetchPage.mock.calls).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 1000],
    ]);
    const exact = server(2000);
    await pageThrough({ page: 1, perPage: 5000 }, exact);
    expect(exact).toHaveBeenCalledTimes(2);
  });

  it('cuts a large page that does not start on a server page', async () => {
    const result = await pageThrough({ page: 2, perPage: 1500 }, server(4000));
    expect(result.data.map((r) => r.id)).toEqual(Array.from({ length: 1500 }, (_, i) => i + 1501));
  });
});

describe('the envelope', () => {
  it('rejects a failure code with HttpError carrying the server message, status and body', async () => {
    const body = {
      code: 409,
      message: 'This listing is active: it cannot be approved',
      data: null,
    };
    const client = mockApi(async () => ({ ...body, status: 409 }));
    const error = await createDataProvider(through(client))
      .approveRequest(5)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: body.message,
      status: 409,
      body: { ...body, status: 409 },
    });
  });

  it.each([
    [401, 'Session expired'],
    [403, 'Administrators only'],
    [404, 'Listing not found'],
  ])('passes %i on so the auth provider sees it', async (status, message) => {
    const client = mockApi(async () => ({ code: status, message, data: null, status }));
    await expect(
      createDataProvider(through(client)).getList('approve-listings', page),
    ).rejects.toMatchObject({ status, message });
  });

  it("reads a failure without a response as 'An error occurred'", async () => {
    const client = mockApi(async () => ({
      code: 500,
      message: 'Failed to fetch',
      data: null,
      status: 0,
    }));
    await expect(
      createDataProvider(through(client)).getOne('users', { id: 1 }),
    ).rejects.toMatchObject({
      message: 'An error occurred',
    });
  });

  it('takes the code as status when a failure comes with HTTP 200', async () => {
    const client = mockApi(async () => ({
      code: 400,
      message: 'Bad',
      data: null,
      status: 200,
    }));
    await expect(createDataProvider(through(client)).getList('users', page)).rejects.toMatchObject({
      status: 400,
      message: 'Bad',
    });
  });
});

describe('listing queues', () => {
  it.each([
    ['approve-listings', 'car/requests'],
    ['denied-listings', 'car/requests/denied'],
    ['edited-listings', 'cars/edit/all'],
    ['reported-listings', 'cars/reported'],
    ['suspended-listings', 'cars/suspended'],
    ['active-listings', 'cars/active'],
    ['featured-listings', 'cars/top-spotted'],
    ['users', 'user/all'],
    ['ads', 'ad/all'],
    ['vouchers', 'voucher/active'],
    ['makes', 'cars/brands'],
  ])('getList %s: GET %s paged, sorted and searched by the server', async (resource, path) => {
    const { client, provider } = mockClient(pageOf(cards.slice(0, 2), 120));
    const result = await provider.getList(resource, {
      pagination: { page: 3, perPage: 2 },
      sort: { field: 'price', order: 'DESC' },
      filter: { q: 'Qormi' },
    });
    expect(client).toHaveBeenCalledExactlyOnceWith(
      'GET',
      `${path}?page=3&perPage=2&sort=price&order=DESC&q=Qormi`,
      undefined,
    );
    expect(result).toEqual({ data: cards.slice(0, 2), total: 120 });
  });

  it('admin-menu: the fixed menu whole, filtered here by equal keys', async () => {
    const menu = [
      { id: 1, section: 'users', isActive: true },
      { id: 2, section: 'ads', isActive: false },
    ];
    const { client, provider } = mockClient(menu);
    const result = await provider.getList('admin-menu', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: '', order: 'ASC' },
      filter: { isActive: true },
    });
    expect(client).toHaveBeenCalledWith('GET', 'configuration/menu/admin', undefined);
    expect(result).toEqual({ data: [menu[0]], total: 1 });
  });

  it('the dashboard counts a queue with a one-row page', async () => {
    const { client, provider } = mockClient(pageOf([cards[0]], 7));
    const { total } = await provider.getList('approve-listings', {
      pagination: { page: 1, perPage: 1 },
    } as GetListParams);
    expect(total).toBe(7);
    expect(client).toHaveBeenCalledWith('GET', 'car/requests?page=1&perPage=1', undefined);
  });

  it('getMany asks only for its ids; getOne without a call of its own asks for its one id', async () => {
    const { client, provider } = mockClient(pageOf([cards[1], cards[2]]));
    expect((await provider.getMany('active-listings', { ids: [1, 2] })).data).toEqual([
      cards[1],
      cards[2],
    ]);
    expect(client).toHaveBeenCalledExactlyOnceWith(
      'GET',
      'cars/active?page=1&perPage=2&ids=1,2',
      undefined,
    );
    const single = mockClient(pageOf([cards[0]]));
    expect(await single.provider.getOne('featured-listings', { id: 3 })).toEqual({
      data: cards[0],
    });
    expect(single.client).toHaveBeenCalledWith(
      'GET',
      'cars/top-spotted?page=1&perPage=1&ids=3',
      undefined,
    );
    await expect(
      mockClient(pageOf([])).provider.getOne('vouchers', { id: 9 }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('an export of every row pages through the server 1000 at a time', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1 }));
    const { client, provider } = mockClient((_m: string, path: string) =>
      path.includes('page=1&') ? pageOf(rows.slice(0, 1000), 1500) : pageOf(rows.slice(1000), 1500),
    );
    const result = await provider.getList('users', {
      pagination: { page: 1, perPage: Number.MAX_SAFE_INTEGER },
      sort: { field: 'email', order: 'ASC' },
      filter: { q: 'example' },
    });
    expect(result).toEqual({ data: rows, total: 1500 });
    expect(client.mock.calls.map(([, path]) => path)).toEqual([
      'user/all?page=1&perPage=1000&sort=email&order=ASC&q=example',
      'user/all?page=2&perPage=1000&sort=email&order=ASC&q=example',
    ]);
  });

  it.each(['approve-listings', 'denied-listings'])(
    'getOne %s: GET car/requests/{id}',
    async (resource) => {
      const { client, provider } = mockClient({ id: 7, title: 'Car' });
      expect(await provider.getOne(resource, { id: 7 })).toEqual({ data: { id: 7, title: 'Car' } });
      expect(client).toHaveBeenCalledWith('GET', 'car/requests/7', undefined);
    },
  );

  it('getOne edited-listings: GET car/edit/{id} with the original', async () => {
    const edit = { id: 9, title: 'New', original: { id: 4, title: 'Old' } };
    const { client, provider } = mockClient(edit);
    expect(await provider.getOne('edited-listings', { id: 9 })).toEqual({ data: edit });
    expect(client).toHaveBeenCalledWith('GET', 'car/edit/9', undefined);
  });

  it.each(['reported-listings', 'suspended-listings'])(
    'getOne %s: the listing and its reports',
    async (resource) => {
      const reports = [{ id: 1, date: '2026-01-02T10:00:00Z', text: 'Scam - not real' }];
      const { client, provider } = mockClient((_m: string, path: string) =>
        path.startsWith('car/reports') ? reports : { id: 4, title: 'Car' },
      );
      expect(await provider.getOne(resource, { id: 4 })).toEqual({
        data: { id: 4, title: 'Car', reports },
      });
      expect(client).toHaveBeenCalledWith('GET', 'car/requests/4', undefined);
      expect(client).toHaveBeenCalledWith('GET', 'car/reports/4', undefined);
    },
  );

  it('featured-listings: create adds to and delete removes from top spotted', async () => {
    const { client, provider } = mockClient(null);
    expect(await provider.create('featured-listings', { data: { id: 12 } })).toEqual({
      data: { id: 12 },
    });
    expect(client).toHaveBeenLastCalledWith('PUT', 'cars/top-spotted/add/12', undefined);
    const previousData = { id: 12, title: 'Car' };
    expect(await provider.delete('featured-listings', { id: 12, previousData })).toEqual({
      data: previousData,
    });
    expect(client).toHaveBeenLastCalledWith('PUT', 'cars/top-spotted/remove/12', undefined);
  });

  it('home-listings: POST cars with the page, paged by the server', async () => {
    const { client, provider } = mockClient({ cars: { cars: cards, totalCount: 120 } });
    const result = await provider.getList('home-listings', {
      ...page,
      pagination: { page: 3, perPage: 50 },
    });
    expect(client).toHaveBeenCalledWith('POST', 'cars', { pageNumber: 3, pageSize: 50 });
    expect(result).toEqual({ data: cards, total: 120 });
  });
});

describe('moderation decisions', () => {
  it.each([
    ['approveRequest', [3], 'POST', 'cars/requests/approve/3', undefined],
    [
      'denyRequest',
      [3, 'Blurry photos'],
      'POST',
      'cars/request/deny',
      { id: 3, message: 'Blurry photos' },
    ],
    ['approveEdit', [8], 'POST', 'cars/edit/approve/8', undefined],
    ['denyEdit', [8, 'Wrong price'], 'POST', 'cars/edit/deny', { id: 8, message: 'Wrong price' }],
    ['suspend', [5], 'POST', 'cars/suspend/5', {}],
    ['suspend', [5, 'Stolen photos'], 'POST', 'cars/suspend/5', { message: 'Stolen photos' }],
    ['activate', [5], 'POST', 'cars/activate/5', undefined],
    ['dismissReports', [5], 'POST', 'car/5/report/delete', undefined],
    ['deactivateAd', [2], 'PUT', 'ad/deactivate/2', undefined],
    ['activateAd', [2], 'POST', 'ad/activate', { id: 2 }],
  ] as const)('%s: %s %s', async (name, args, method, path, body) => {
    const client = mockApi(async () => ok(null, 'Done it'));
    const provider = createDataProvider(through(client));
    const run = provider[name] as (...a: unknown[]) => Promise<unknown>;
    expect(await run(...args)).toEqual({ data: null, message: 'Done it' });
    expect(client).toHaveBeenCalledWith(method, path, body);
  });
});

describe('configuration', () => {
  it('getOne reads GET configuration and keeps the id asked for', async () => {
    const { client, provider } = mockClient({ currency: '€', carMinimumYear: 1950 });
    expect(await provider.getOne('configuration', { id: 'app' })).toEqual({
      data: { id: 'app', currency: '€', carMinimumYear: 1950 },
    });
    expect(client).toHaveBeenCalledWith('GET', 'configuration', undefined);
  });

  it('update posts the whole configuration without the id', async () => {
    const { client, provider } = mockClient({ currency: '$' });
    const result = await provider.update('configuration', {
      id: 'app',
      data: { id: 'app', currency: '$' },
      previousData: { id: 'app' },
    });
    expect(client).toHaveBeenCalledWith('POST', 'configuration/update', { currency: '$' });
    expect(result).toEqual({ data: { id: 'app', currency: '$' } });
  });
});

describe('payment packages', () => {
  const individual = [{ id: 1, name: 'Starter', typeId: 2 }];
  const company = [{ id: 5, name: 'Dealer', typeId: 1 }];
  const answer = (_m: string, path: string) =>
    pageOf(path.includes('company') ? company : individual);

  it('getList follows filter typeId: 2 (and the default) individual, 1 company', async () => {
    const { client, provider } = mockClient(answer);
    const list = (filter: object) => provider.getList('payment-packages', { ...page, filter });
    expect((await list({ typeId: 2 })).data).toEqual(individual);
    expect(client).toHaveBeenLastCalledWith(
      'GET',
      'payment/packages/individual?page=1&perPage=10&sort=id&order=ASC',
      undefined,
    );
    expect((await list({ typeId: 1 })).data).toEqual(company);
    expect(client).toHaveBeenLastCalledWith(
      'GET',
      'payment/packages/company?page=1&perPage=10&sort=id&order=ASC',
      undefined,
    );
    expect((await list({})).data).toEqual(individual);
  });

  it('getOne asks both kinds for the id', async () => {
    const { client, provider } = mockClient(answer);
    expect(await provider.getOne('payment-packages', { id: 5 })).toEqual({ data: company[0] });
    expect(client).toHaveBeenCalledWith(
      'GET',
      'payment/packages/company?page=1&perPage=1&ids=5',
      undefined,
    );
    await expect(provider.getOne('payment-packages', { id: 99 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('create, update and delete', async () => {
    const saved = { id: 6, name: 'Big', amount: 20, credits: 300, typeId: 1 };
    const { client, provider } = mockClient(saved);
    await provider.create('payment-packages', {
      data: { name: 'Big', amount: 20, credits: 300, typeId: 1 },
    });
    expect(client).toHaveBeenLastCalledWith('POST', 'payment/packages/add', {
      name: 'Big',
      amount: 20,
      credits: 300,
      typeId: 1,
    });
    expect(
      await provider.update('payment-packages', {
        id: 6,
        data: { name: 'Bigger' },
        previousData: saved,
      }),
    ).toEqual({ data: saved });
    expect(client).toHaveBeenLastCalledWith('POST', 'payment/packages/update', {
      name: 'Bigger',
      id: 6,
    });
    await provider.delete('payment-packages', { id: 6, previousData: saved });
    expect(client).toHaveBeenLastCalledWith('DELETE', 'payment/packages/remove/6', undefined);
  });
});

describe('transactions', () => {
  const answer = { transactions: [{ id: 2 }, { id: 1 }], totalCount: 42 };

  it('getList: all, paged by the server, from data.transactions', async () => {
    const { client, provider } = mockClient(answer);
    const result = await provider.getList('transactions', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    expect(client).toHaveBeenCalledWith(
      'GET',
      'payment/transactions/all?page=2&perPage=25',
      undefined,
    );
    expect(result).toEqual({ data: answer.transactions, total: 42 });
  });

  it('getList: one type by filter, oldest first when sorted by date ascending', async () => {
    const { client, provider } = mockClient(answer);
    await provider.getList('transactions', {
      ...page,
      sort: { field: 'date', order: 'ASC' },
      filter: { type: 3 },
    });
    expect(client).toHaveBeenCalledWith(
      'GET',
      'payment/transactions/type/3?page=1&perPage=10&sort=date&order=ASC',
      undefined,
    );
  });
});

describe('users', () => {
  it('getOne: GET user/{id}', async () => {
    const { client, provider } = mockClient({ id: 4, email: 'a@b.mt' });
    expect((await provider.getOne('users', { id: 4 })).data).toEqual({ id: 4, email: 'a@b.mt' });
    expect(client).toHaveBeenCalledWith('GET', 'user/4', undefined);
  });

  it('userDetails loads the user, transactions, subscriptions, listings and balance', async () => {
    const { client, provider } = mockClient((_m: string, path: string) => {
      if (path.startsWith('payment/transactions'))
        return { transactions: [{ id: 1 }], totalCount: 1 };
      if (path.startsWith('subscription')) return [{ id: 2 }];
      if (path.startsWith('cars/listings')) return { cars: [{ id: 3 }], totalCount: 1 };
      if (path.startsWith('user/balance')) return { balance: 70 };
      return { id: 4, email: 'a@b.mt' };
    });
    expect(await provider.userDetails(4)).toEqual({
      user: { id: 4, email: 'a@b.mt' },
      transactions: [{ id: 1 }],
      subscriptions: [{ id: 2 }],
      listings: [{ id: 3 }],
      balance: 70,
    });
    expect(client).toHaveBeenCalledWith('GET', 'user/4', undefined);
    expect(client).toHaveBeenCalledWith('POST', 'payment/transactions/4', {
      pageNumber: 1,
      pageSize: 500,
    });
    expect(client).toHaveBeenCalledWith('POST', 'subscription/user/4', { filterType: null });
    expect(client).toHaveBeenCalledWith('POST', 'cars/listings/user/4', {
      pageNumber: 1,
      pageSize: 50,
      stateFilter: null,
    });
    expect(client).toHaveBeenCalledWith('GET', 'user/balance/4', undefined);
  });

  it('userDetails: a part that fails is null and logged; the user failing rejects', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = mockApi(async (_m, path) =>
      path === 'user/4'
        ? ok({ id: 4 })
        : { code: 500, message: 'An error occurred', data: null, status: 500 },
    );
    expect(await createDataProvider(through(client)).userDetails(4)).toEqual({
      user: { id: 4 },
      transactions: null,
      subscriptions: null,
      listings: null,
      balance: null,
    });
    expect(error).toHaveBeenCalledTimes(4);
    error.mockRestore();
    const failing = mockApi(async () => ({
      code: 404,
      message: 'User not found',
      data: null,
      status: 404,
    }));
    await expect(createDataProvider(through(failing)).userDetails(4)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('messages', () => {
  it('getList: POST contact/messages with the list query', async () => {
    const { client, provider } = mockClient(pageOf([{ id: 1, email: 'a@b.mt', text: 'Hi' }], 30));
    expect((await provider.getList('messages', page)).total).toBe(30);
    expect(client).toHaveBeenCalledWith(
      'POST',
      'contact/messages?page=1&perPage=10&sort=id&order=ASC',
      undefined,
    );
  });

  it('update replies: POST contact/reply {messageId, messageEmail, text}', async () => {
    const replied = { id: 1, email: 'a@b.mt', text: 'Hi', replyMessage: 'Hello' };
    const { client, provider } = mockClient(replied);
    const result = await provider.update('messages', {
      id: 1,
      data: { replyMessage: 'Hello' },
      previousData: { id: 1, email: 'a@b.mt' },
    });
    expect(client).toHaveBeenCalledWith('POST', 'contact/reply', {
      messageId: 1,
      messageEmail: 'a@b.mt',
      text: 'Hello',
    });
    expect(result).toEqual({ data: replied });
  });
});

describe('notifications', () => {
  it('create sends to all users with type 1 and topic general', async () => {
    const { client, provider } = mockClient({ recipients: 12 });
    const { data } = await provider.create('notifications', {
      data: { title: 'Hello', message: 'New features' },
    });
    expect(client).toHaveBeenCalledWith('POST', 'notifications/send', {
      typeId: 1,
      title: 'Hello',
      message: 'New features',
      mailMessage: 'New features',
      allUsers: true,
      topic: 'general',
    });
    expect(data).toMatchObject({ recipients: 12, id: expect.any(Number) });
  });
});

describe('ads', () => {
  it('getOne, create and update', async () => {
    const ad = { id: 2, title: 'Tyres', client: 'Tyre Co' };
    const { client, provider } = mockClient(ad);
    expect(await provider.getOne('ads', { id: 2 })).toEqual({ data: ad });
    expect(client).toHaveBeenLastCalledWith('GET', 'ad/2', undefined);
    await provider.create('ads', { data: { title: 'Tyres', client: 'Tyre Co' } });
    expect(client).toHaveBeenLastCalledWith('POST', 'ad/add', {
      title: 'Tyres',
      client: 'Tyre Co',
    });
    await provider.update('ads', { id: 2, data: { id: 2, title: 'Rims' }, previousData: ad });
    expect(client).toHaveBeenLastCalledWith('POST', 'ad/update', { id: 2, title: 'Rims' });
  });
});

describe('vouchers', () => {
  it('create: POST voucher/add {credits, daysActive}; delete deactivates', async () => {
    const { client, provider } = mockClient({ id: 3, code: 'ABCD', credits: 50 });
    await provider.create('vouchers', { data: { credits: 50, daysActive: 30, extra: 1 } });
    expect(client).toHaveBeenLastCalledWith('POST', 'voucher/add', { credits: 50, daysActive: 30 });
    expect(await provider.delete('vouchers', { id: 3 })).toEqual({ data: { id: 3 } });
    expect(client).toHaveBeenLastCalledWith('PUT', 'voucher/deactivate/3', undefined);
  });

  it('deleteMany deactivates each', async () => {
    const { client, provider } = mockClient(null);
    expect(await provider.deleteMany('vouchers', { ids: [3, 4] })).toEqual({ data: [3, 4] });
    expect(client).toHaveBeenCalledWith('PUT', 'voucher/deactivate/3', undefined);
    expect(client).toHaveBeenCalledWith('PUT', 'voucher/deactivate/4', undefined);
  });
});

describe('makes and models', () => {
  it('makes: create POST cars/brands/add {name}; getMany asks for its ids', async () => {
    const { client, provider } = mockClient(pageOf([cards[0], cards[2]]));
    await provider.create('makes', { data: { name: 'Lada' } });
    expect(client).toHaveBeenLastCalledWith('POST', 'cars/brands/add', { name: 'Lada' });
    expect((await provider.getMany('makes', { ids: [2, 3] })).data.map((m) => m.id)).toEqual([
      3, 2,
    ]);
    expect(client).toHaveBeenLastCalledWith(
      'GET',
      'cars/brands?page=1&perPage=2&ids=2,3',
      undefined,
    );
  });

  it('models: the chosen make’s models, none without a make; create', async () => {
    const models = [{ id: 1, name: 'Niva', brandId: 7 }];
    const { client, provider } = mockClient(pageOf(models));
    expect(await provider.getList('models', { ...page, filter: {} })).toEqual({
      data: [],
      total: 0,
    });
    expect(client).not.toHaveBeenCalled();
    expect(
      await provider.getList('models', {
        ...page,
        sort: { field: 'name', order: 'ASC' },
        filter: { makeId: 7, q: 'ni' },
      }),
    ).toEqual({ data: models, total: 1 });
    expect(client).toHaveBeenLastCalledWith(
      'GET',
      'cars/brands/7/models?page=1&perPage=10&sort=name&order=ASC&q=ni',
      undefined,
    );
    await provider.create('models', { data: { brandId: 7, name: 'Samara' } });
    expect(client).toHaveBeenLastCalledWith('POST', 'cars/models/add', {
      brandId: 7,
      name: 'Samara',
    });
  });

  it('getManyReference lists by the target (a make’s models)', async () => {
    const { client, provider } = mockClient(pageOf([{ id: 1, name: 'Niva', brandId: 7 }]));
    const result = await provider.getManyReference('models', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      target: 'brandId',
      id: 7,
      filter: {},
    });
    expect(result.data.map((m) => m.name)).toEqual(['Niva']);
    expect(client).toHaveBeenCalledWith(
      'GET',
      'cars/brands/7/models?page=1&perPage=10&sort=id&order=ASC',
      undefined,
    );
  });
});

describe('what the API does not offer', () => {
  it('rejects without a call', async () => {
    const { client, provider } = mockClient(null);
    await expect(provider.delete('users', { id: 1 })).rejects.toThrow('no delete for "users"');
    await expect(provider.create('approve-listings', { data: {} })).rejects.toThrow();
    await expect(provider.updateMany('ads', { ids: [1], data: {} })).rejects.toThrow();
    await expect(provider.getList('nothing', page)).rejects.toThrow();
    expect(client).not.toHaveBeenCalled();
  });
});
