import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumerableKinds, type Named } from '#shared/schemas/catalog.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';

let ctx: TestContext;
let adminToken: string;
let userToken: string;
let toyota: Named;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await signUpAdmin(ctx)).accessToken;
  userToken = (await signUp(ctx)).accessToken;
  const makes = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
  toyota = wholeList(makes.data).find((m) => m.name === 'Toyota')!;
});
afterAll(() => ctx.close());

const makes = async () =>
  wholeList((await ctx.client().call((r) => r.cars.brands.$get({ query: {} }))).data);
const makeNames = async () => (await makes()).map((m) => m.name);
const modelsOf = async (brandId: number) =>
  wholeList(
    (
      await ctx
        .client()
        .call((r) =>
          r.cars.brands[':brandId'].models.$get({ param: { brandId: String(brandId) }, query: {} }),
        )
    ).data,
  );

describe('GET /api/car/details/enumerables', () => {
  it('answers all 11 kinds, none empty', async () => {
    const res = await ctx.client().call((r) => r.car.details.enumerables.$get());
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual([...enumerableKinds].sort());
    expect(enumerableKinds).toHaveLength(11);
    for (const kind of enumerableKinds) {
      expect(res.data[kind].length, kind).toBeGreaterThan(0);
      for (const item of res.data[kind]) {
        expect(item).toEqual({ id: expect.any(Number), name: expect.any(String) });
      }
    }
  });

  it('has Electric as fuel 3', async () => {
    const res = await ctx.client().call((r) => r.car.details.enumerables.$get());
    expect(res.data.fuels).toContainEqual({ id: 3, name: 'Electric' });
  });
});

describe('GET /api/cars/brands', () => {
  it('answers at least 40 makes sorted by name', async () => {
    const res = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const names = wholeList(res.data).map((m) => m.name);
    expect(names.length).toBeGreaterThanOrEqual(40);
    const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names).toEqual(sorted);
    expect(names).toContain('Toyota');
    expect(names).toContain('Volkswagen');
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});

describe('GET /api/cars/brands/{id}/models', () => {
  it("answers the make's models", async () => {
    const res = await ctx
      .client()
      .call((r) =>
        r.cars.brands[':brandId'].models.$get({ param: { brandId: String(toyota.id) }, query: {} }),
      );
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const models = wholeList(res.data);
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      expect(model).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        brandId: toyota.id,
      });
    }
  });

  it("answers the make's models with a trailing slash too", async () => {
    // A path the typed client does not write.
    const res = await ctx.request('GET', `/api/cars/brands/${toyota.id}/models/`);
    expect(res).toMatchObject({ status: 200, code: 0, data: await modelsOf(toyota.id) });
  });

  it('answers 404 for an unknown make', async () => {
    const res = await ctx
      .client()
      .call((r) =>
        r.cars.brands[':brandId'].models.$get({ param: { brandId: '999999' }, query: {} }),
      );
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect(res.data).toBeNull();
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await ctx
      .client()
      .call((r) => r.cars.brands[':brandId'].models.$get({ param: { brandId: 'abc' }, query: {} }));
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.message).toBe('Id must be a number');
  });
});

describe('safety and equipment', () => {
  for (const [path, list] of [
    ['/api/cars/safety', () => ctx.client().call((r) => r.cars.safety.$get())],
    ['/api/cars/equipment', () => ctx.client().call((r) => r.cars.equipment.$get())],
  ] as const) {
    it(`GET ${path} answers {id, name} items`, async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.data.length).toBeGreaterThan(0);
      for (const item of res.data) {
        expect(item).toEqual({ id: expect.any(Number), name: expect.any(String) });
      }
    });
  }
});

describe('POST /api/cars/brands/add', () => {
  it('answers 401 for anonymous callers and 403 for users', async () => {
    const anonymous = await ctx
      .client()
      .call((r) => r.cars.brands.add.$post({ json: { name: 'Anon Motors' } }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.code).toBe(401);
    const user = await ctx
      .client(userToken)
      .call((r) => r.cars.brands.add.$post({ json: { name: 'User Motors' } }));
    expect(user.status).toBe(403);
    expect(user.code).toBe(403);
    const names = await makeNames();
    expect(names).not.toContain('Anon Motors');
    expect(names).not.toContain('User Motors');
  });

  it('adds a make for an administrator', async () => {
    const res = await ctx
      .client(adminToken)
      .call((r) => r.cars.brands.add.$post({ json: { name: 'Zebra Cars' } }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Make inserted');
    expect(res.data).toEqual({ id: expect.any(Number), name: 'Zebra Cars' });
    expect(await makes()).toContainEqual(res.data);
    expect(await modelsOf(res.data.id)).toEqual([]);
  });

  it('answers 400 for an empty name', async () => {
    // Bodies the typed client cannot send (the name missing) among them.
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await ctx.request('POST', '/api/cars/brands/add', { body, token: adminToken });
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe('Please enter name');
    }
  });

  it('answers 409 for a name that exists, whatever its case', async () => {
    const before = (await makeNames()).length;
    for (const name of ['Toyota', 'TOYOTA', 'toyota']) {
      const res = await ctx
        .client(adminToken)
        .call((r) => r.cars.brands.add.$post({ json: { name } }));
      expect(res.status).toBe(409);
      expect(res.code).toBe(409);
      expect(res.data).toBeNull();
    }
    expect((await makeNames()).length).toBe(before);
  });
});

describe('POST /api/cars/models/add', () => {
  it('adds a model under its make for an administrator', async () => {
    const res = await ctx
      .client(adminToken)
      .call((r) =>
        r.cars.models.add.$post({ json: { brandId: toyota.id, name: 'Spotted Concept' } }),
      );
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Model inserted');
    expect(res.data).toEqual({
      id: expect.any(Number),
      name: 'Spotted Concept',
      brandId: toyota.id,
    });
    expect(await modelsOf(toyota.id)).toContainEqual(res.data);
  });

  it('answers 400 without a name or a make', async () => {
    for (const body of [
      { brandId: toyota.id },
      { brandId: toyota.id, name: '' },
      { brandId: 0, name: 'Nameless' },
      { name: 'Makeless' },
    ]) {
      // Bodies the typed client cannot send (a field missing) among them.
      const res = await ctx.request('POST', '/api/cars/models/add', { body, token: adminToken });
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe('Please enter name and choose make');
    }
  });

  it('answers 400 for a make that does not exist', async () => {
    const res = await ctx
      .client(adminToken)
      .call((r) => r.cars.models.add.$post({ json: { brandId: 999999, name: 'Ghost' } }));
    expect(res.status).toBe(400);
    expect(res.message).toBe('Please enter name and choose make');
  });

  it('answers 409 for a model the make already has, whatever its case', async () => {
    const existing = (await modelsOf(toyota.id))[0]!;
    const before = (await modelsOf(toyota.id)).length;
    for (const name of [existing.name, existing.name.toUpperCase()]) {
      const res = await ctx
        .client(adminToken)
        .call((r) => r.cars.models.add.$post({ json: { brandId: toyota.id, name } }));
      expect(res.status).toBe(409);
      expect(res.code).toBe(409);
    }
    expect((await modelsOf(toyota.id)).length).toBe(before);
  });

  it('allows the same model name under another make', async () => {
    const vw = (await makes()).find((m) => m.name === 'Volkswagen')!;
    const res = await ctx
      .client(adminToken)
      .call((r) => r.cars.models.add.$post({ json: { brandId: vw.id, name: 'Spotted Concept' } }));
    expect(res.status).toBe(200);
    expect(res.data.brandId).toBe(vw.id);
  });

  it('answers 401 for anonymous callers and 403 for users', async () => {
    const body = { brandId: toyota.id, name: 'Forbidden' };
    expect((await ctx.client().call((r) => r.cars.models.add.$post({ json: body }))).status).toBe(
      401,
    );
    const res = await ctx.client(userToken).call((r) => r.cars.models.add.$post({ json: body }));
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
    expect((await modelsOf(toyota.id)).map((m) => m.name)).not.toContain('Forbidden');
  });
});
