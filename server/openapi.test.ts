import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../tests/support/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const built = [
  'post /api/user/register/private',
  'post /api/user/register/company',
  'post /api/user/login',
  'post /api/user/refresh',
  'put /api/user/logout/{id}',
  'post /api/user/password/forgot',
  'post /api/user/password/forgot/verify',
  'post /api/user/password/forgot/update',
  'get /api/user/{id}',
  'get /api/user/info/{id}',
  'post /api/user/update',
  'post /api/user/password/update',
  'get /api/user/balance/{id}',
  'post /api/user/remove',
  'get /api/configuration',
  'get /api/configuration/cities',
  'post /api/configuration/update',
  'get /api/configuration/menu/admin',
  'get /api/car/details/enumerables',
  'get /api/cars/brands',
  'get /api/cars/brands/{brandId}/models',
  'get /api/cars/safety',
  'get /api/cars/equipment',
  'post /api/cars/brands/add',
  'post /api/cars/models/add',
];

describe('the OpenAPI document', () => {
  it('lists every route with the envelope and the bearer scheme', async () => {
    const response = await ctx.app.request('/api/openapi.json');
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const listed = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m} ${p}`),
    );
    expect(listed).toEqual(expect.arrayContaining(built));
    expect(doc.paths['/api/user/login']?.post?.responses).toHaveProperty('200');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('serves a reference page', async () => {
    const page = await ctx.app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/openapi.json');
    const asset = await ctx.app.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });
});
