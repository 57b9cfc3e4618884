import { readFile } from 'node:fs/promises';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import * as parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { PASSWORD, privatePayload, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, modelId } from '../../tests/support/listings.ts';
import { clientTypes, clientTypesFile } from './client-types.ts';
import type { paths } from './schema.d.ts';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string }>;
}
interface OpenApiDocument {
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { content: Record<string, { schema: Schema }> }>;
    securitySchemes: Record<string, unknown>;
  };
}

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

const PUBLIC_URL = 'https://spotted.example.mt';
// The document does not depend on the database: its checks run once, on the run's primary engine.
const once = inject('primaryEngine');

let ctx: TestContext;
let doc: OpenApiDocument;
let operations: [string, Operation][];
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  doc = (await (await ctx.app.request('/api/openapi.json')).json()) as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as [string, Operation]),
  );
});
afterAll(() => ctx.close());

/** Where a request schema leaves a string, number or array without its bounds. */
function unbounded(schema: Schema, where: string, seen = new Set<string>()): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    return unbounded(doc.components.schemas[name]!, where, new Set([...seen, name]));
  }
  const types = [schema.type ?? []].flat();
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  const found: string[] = [];
  if (types.includes('string') && !fixed && schema.maxLength === undefined)
    found.push(`${where}: string without maxLength`);
  const numeric = types.includes('number') || types.includes('integer');
  const hasMin = schema.minimum !== undefined || schema.exclusiveMinimum !== undefined;
  const hasMax = schema.maximum !== undefined || schema.exclusiveMaximum !== undefined;
  if (numeric && !fixed && !(hasMin && hasMax)) found.push(`${where}: number without min and max`);
  if (types.includes('array') && schema.maxItems === undefined)
    found.push(`${where}: array without maxItems`);
  const nested = [
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map(
      (s) => [s, where] as const,
    ),
    ...(schema.items ? [[schema.items, `${where}[]`] as const] : []),
    ...Object.entries(schema.properties ?? {}).map(([k, s]) => [s, `${where}.${k}`] as const),
    ...(typeof schema.additionalProperties === 'object'
      ? [[schema.additionalProperties, `${where}{}`] as const]
      : []),
  ];
  return [...found, ...nested.flatMap(([s, w]) => unbounded(s, w, seen))];
}

describe('the OpenAPI document', () => {
  it('lists every route', () => {
    expect(operations.map(([name]) => name)).toEqual(expect.arrayContaining(built));
  });

  it('serves a reference page', async () => {
    const page = await ctx.app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/openapi.json');
    const asset = await ctx.app.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });

  it.runIf(once)(
    "passes Spectral's spectral:oas ruleset with no error and no warning",
    async () => {
      const spectral = new Spectral();
      // `extends: spectral:oas` in a .spectral.yaml: the ruleset's recommended rules.
      spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
      const results = await spectral.run(new Document(JSON.stringify(doc), parsers.Json));
      expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    },
  );

  it.runIf(once)('names this instance (PUBLIC_URL) as its server', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
  });

  it.runIf(once)(
    'gives every operation an id, a summary, one described tag and its security',
    () => {
      const ids = operations.map(([, op]) => op.operationId);
      expect(new Set(ids).size).toBe(operations.length);
      const described = new Set(doc.tags.filter((t) => t.description).map((t) => t.name));
      for (const [name, op] of operations) {
        expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
        expect(op.summary, name).toBeTruthy();
        expect(op.tags, name).toHaveLength(1);
        expect(described.has(op.tags![0]!), `${name}: tag ${op.tags![0]}`).toBe(true);
        expect(op.security, name).toBeInstanceOf(Array);
        const secured = op.security!.some((s) => 'bearerAuth' in s);
        if (secured)
          expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['401']));
      }
      expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    },
  );

  it.runIf(once)('points every error response at the one error envelope', () => {
    for (const [name, op] of operations) {
      const failures = Object.entries(op.responses).filter(([status]) => status !== '200');
      expect(failures.length, name).toBeGreaterThan(0);
      for (const [status, response] of failures) {
        const component = response.$ref?.replace('#/components/responses/', '') ?? '';
        const content = doc.components.responses[component]?.content['application/json'];
        expect(content?.schema, `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it.runIf(once)('bounds every string, number and array a request carries', () => {
    const problems = operations.flatMap(([name, op]) => [
      ...(op.parameters ?? []).flatMap((p) => unbounded(p.schema, `${name} ${p.in} ${p.name}`)),
      ...Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        unbounded(c.schema, `${name} body`),
      ),
    ]);
    expect(problems).toEqual([]);
  });

  it.runIf(once)('has committed client types that match it (npm run openapi:client)', async () => {
    const committed = await readFile(clientTypesFile, 'utf8');
    expect(await clientTypes(doc), 'run `npm run openapi:client`').toBe(committed);
  });

  it('takes a mobile client generated from it through login, search and a listing', async () => {
    const seller = await signUp(ctx);
    const admin = await signUpAdmin(ctx);
    const listingId = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const { makeId } = await modelId(ctx, 'Toyota', 'Yaris');

    const api = createClient<paths>({
      baseUrl: doc.servers[0]!.url,
      fetch: async (request) => ctx.app.request(request),
    });
    const buyer = privatePayload();
    const registered = await api.POST('/api/user/register/private', { body: buyer });
    expect(registered.data?.code).toBe(0);

    const login = await api.POST('/api/user/login', {
      body: { email: buyer.email, password: PASSWORD },
    });
    const session = login.data!.data;
    api.use({
      onRequest: ({ request }) => {
        request.headers.set('authorization', `Bearer ${session.accessToken}`);
      },
    });

    const found = await api.POST('/api/cars/search', {
      body: { brand: makeId, sortBy: 'createdAt', sortDirection: 'DESC' },
    });
    expect(found.response.status).toBe(200);
    expect(found.data?.data.cars.map((car) => car.id)).toContain(listingId);

    const listing = await api.GET('/api/car/{id}', { params: { path: { id: listingId } } });
    expect(listing.data?.data).toMatchObject({
      id: listingId,
      brand: 'Toyota',
      model: 'Yaris',
      isFavorite: false,
    });

    const missing = await api.GET('/api/car/{id}', { params: { path: { id: 2_147_483_647 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 404, data: null });
  });
});
