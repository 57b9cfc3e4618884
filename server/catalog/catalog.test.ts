import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumerableKinds, type Enumerables, type Named } from '#shared/schemas/catalog.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';

interface Model {
  id: number;
  name: string;
  brandId: number;
}

let ctx: TestContext;
let adminToken: string;
let userToken: string;
let toyota: Named;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await signUpAdmin(ctx)).accessToken;
  userToken = (await signUp(ctx)).accessToken;
  const makes = await ctx.get<Named[]>('/api/cars/brands');
  toyota = makes.data.find((m) => m.name === 'Toyota')!;
});
afterAll(() => ctx.close());

const makeNames = async () => (await ctx.get<Named[]>('/api/cars/brands')).data.map((m) => m.name);
const modelsOf = async (brandId: number) =>
  (await ctx.get<Model[]>(`/api/cars/brands/${brandId}/models`)).data;

describe('GET /api/car/details/enumerables', () => {
  it('answers all 11 kinds, none empty', async () => {
    const res = await ctx.get<Enumerables>('/api/car/details/enumerables');
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
    const res = await ctx.get<Enumerables>('/api/car/details/enumerables');
    expect(res.data.fuels).toContainEqual({ id: 3, name: 'Electric' });
  });
});

describe('GET /api/cars/brands', () => {
  it('answers at least 40 makes sorted by name', async () => {
    const res = await ctx.get<Named[]>('/api/cars/brands');
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.length).toBeGreaterThanOrEqual(40);
    const names = res.data.map((m) => m.name);
    const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names).toEqual(sorted);
    expect(names).toContain('Toyota');
    expect(names).toContain('Volkswagen');
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});

describe('GET /api/cars/brands/{id}/models', () => {
  for (const suffix of ['', '/']) {
    it(`answers the make's models${suffix ? ' (trailing slash)' : ''}`, async () => {
      const res = await ctx.get<Model[]>(`/api/cars/brands/${toyota.id}/models${suffix}`);
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.data.length).toBeGreaterThan(0);
      for (const model of res.data) {
        expect(model).toEqual({
          id: expect.any(Number),
          name: expect.any(String),
          brandId: toyota.id,
        });
      }
    });
  }

  it('answers 404 for an unknown make', async () => {
    const res = await ctx.get('/api/cars/brands/999999/models');
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect(res.data).toBeNull();
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await ctx.get('/api/cars/brands/abc/models/');
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.message).toBe('Id must be a number');
  });
});

describe('safety and equipment', () => {
  for (const path of ['/api/cars/safety', '/api/cars/equipment']) {
    it(`GET ${path} answers {id, name} items`, async () => {
      const res = await ctx.get<Named[]>(path);
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
    const anonymous = await ctx.post('/api/cars/brands/add', { name: 'Anon Motors' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.code).toBe(401);
    const user = await ctx.post('/api/cars/brands/add', { name: 'User Motors' }, userToken);
    expect(user.status).toBe(403);
    expect(user.code).toBe(403);
    const names = await makeNames();
    expect(names).not.toContain('Anon Motors');
    expect(names).not.toContain('User Motors');
  });

  it('adds a make for an administrator', async () => {
    const res = await ctx.post<Named>('/api/cars/brands/add', { name: 'Zebra Cars' }, adminToken);
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Make inserted');
    expect(res.data).toEqual({ id: expect.any(Number), name: 'Zebra Cars' });
    const makes = (await ctx.get<Named[]>('/api/cars/brands')).data;
    expect(makes).toContainEqual(res.data);
    expect(await modelsOf(res.data.id)).toEqual([]);
  });

  it('answers 400 for an empty name', async () => {
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await ctx.post('/api/cars/brands/add', body, adminToken);
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe('Please enter name');
    }
  });

  it('answers 409 for a name that exists, whatever its case', async () => {
    const before = (await makeNames()).length;
    for (const name of ['Toyota', 'TOYOTA', 'toyota']) {
      const res = await ctx.post('/api/cars/brands/add', { name }, adminToken);
      expect(res.status).toBe(409);
      expect(res.code).toBe(409);
      expect(res.data).toBeNull();
    }
    expect((await makeNames()).length).toBe(before);
  });
});

describe('POST /api/cars/models/add', () => {
  it('adds a model under its make for an administrator', async () => {
    const res = await ctx.post<Model>(
      '/api/cars/models/add',
      { brandId: toyota.id, name: 'Spotted Concept' },
      adminToken,
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
      const res = await ctx.post('/api/cars/models/add', body, adminToken);
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe('Please enter name and choose make');
    }
  });

  it('answers 400 for a make that does not exist', async () => {
    const res = await ctx.post(
      '/api/cars/models/add',
      { brandId: 999999, name: 'Ghost' },
      adminToken,
    );
    expect(res.status).toBe(400);
    expect(res.message).toBe('Please enter name and choose make');
  });

  it('answers 409 for a model the make already has, whatever its case', async () => {
    const existing = (await modelsOf(toyota.id))[0]!;
    const before = (await modelsOf(toyota.id)).length;
    for (const name of [existing.name, existing.name.toUpperCase()]) {
      const res = await ctx.post('/api/cars/models/add', { brandId: toyota.id, name }, adminToken);
      expect(res.status).toBe(409);
      expect(res.code).toBe(409);
    }
    expect((await modelsOf(toyota.id)).length).toBe(before);
  });

  it('allows the same model name under another make', async () => {
    const vw = (await ctx.get<Named[]>('/api/cars/brands')).data.find(
      (m) => m.name === 'Volkswagen',
    )!;
    const res = await ctx.post<Model>(
      '/api/cars/models/add',
      { brandId: vw.id, name: 'Spotted Concept' },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.data.brandId).toBe(vw.id);
  });

  it('answers 401 for anonymous callers and 403 for users', async () => {
    const body = { brandId: toyota.id, name: 'Forbidden' };
    expect((await ctx.post('/api/cars/models/add', body)).status).toBe(401);
    const res = await ctx.post('/api/cars/models/add', body, userToken);
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
    expect((await modelsOf(toyota.id)).map((m) => m.name)).not.toContain('Forbidden');
  });
});
