import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import * as parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { PASSWORD, privatePayload, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, modelId } from '../../tests/support/listings.ts';

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
  'post /api/user/login/code',
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

/**
 * A mobile client's trip (register, log in, search, open a listing, miss one) on the types that
 * openapi-typescript generates from the document: the test type-checks it, then runs it.
 */
const mobileJourney = `
import type createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

type Registration =
  paths['/api/user/register/private']['post']['requestBody']['content']['application/json'];

interface Trip {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  buyer: Registration;
  password: string;
  makeId: number;
  listingId: number;
}

export async function journey(create: typeof createClient, trip: Trip) {
  const api = create<paths>({ baseUrl: trip.baseUrl, fetch: trip.fetch });
  const registered = await api.POST('/api/user/register/private', { body: trip.buyer });
  const login = await api.POST('/api/user/login', {
    body: { email: trip.buyer.email, password: trip.password },
  });
  const answer = login.data!.data;
  // A login with two-factor login on answers a challenge for the code instead of a session.
  if (!('accessToken' in answer)) throw new Error('a second factor is needed');
  const accessToken: string = answer.accessToken;
  api.use({
    onRequest: ({ request }) => {
      request.headers.set('authorization', 'Bearer ' + accessToken);
    },
  });
  const found = await api.POST('/api/cars/search', {
    body: { brand: trip.makeId, sortBy: 'createdAt', sortDirection: 'DESC' },
  });
  const listing = await api.GET('/api/car/{id}', { params: { path: { id: trip.listingId } } });
  const missing = await api.GET('/api/car/{id}', { params: { path: { id: 2_147_483_647 } } });
  return {
    registered: registered.data?.code,
    searched: found.response.status,
    foundIds: found.data?.data.cars.map((car) => car.id),
    listing: listing.data?.data,
    missing: { status: missing.response.status, error: missing.error },
  };
}

/** Never called: the generated types refuse a login without its password. */
export const refused = (api: ReturnType<typeof createClient<paths>>) =>
  // @ts-expect-error the login takes a password
  api.POST('/api/user/login', { body: { email: 'buyer@example.mt' } });
`;

type Journey = (
  create: typeof createClient,
  trip: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** TypeScript's errors in `file`, checked as strictly as the project's own code. */
function typeErrors(file: string): string[] {
  // The journey sits in a temporary directory, where no node_modules would find openapi-fetch.
  const openapiFetch = fileURLToPath(new URL('../../node_modules/openapi-fetch', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    paths: { 'openapi-fetch': [openapiFetch] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

let ctx: TestContext;
let doc: OpenApiDocument;
let operations: [string, Operation][];
/** A directory of its own for the generated types and the journey typed by them. */
let generated: string;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  doc = (await (await ctx.app.request('/api/openapi.json')).json()) as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as [string, Operation]),
  );
  generated = await mkdtemp(path.join(tmpdir(), 'spotted-openapi-'));
  const types = astToString(await openapiTS(doc as unknown as OpenAPI3));
  await writeFile(path.join(generated, 'schema.ts'), types);
  await writeFile(path.join(generated, 'journey.ts'), mobileJourney);
});
afterAll(async () => {
  await ctx.close();
  await rm(generated, { recursive: true, force: true });
});

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

  // A TypeScript program of its own reads the DOM library and the generated types: seconds.
  it.runIf(once)(
    'generates client types on which a mobile client type-checks',
    () => expect(typeErrors(path.join(generated, 'journey.ts'))).toEqual([]),
    120_000,
  );

  it('takes a mobile client generated from it through login, search and a listing', async () => {
    const seller = await signUp(ctx);
    const admin = await signUpAdmin(ctx);
    const listingId = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const { makeId } = await modelId(ctx, 'Toyota', 'Yaris');

    const { journey } = (await import(pathToFileURL(path.join(generated, 'journey.ts')).href)) as {
      journey: Journey;
    };
    const trip = await journey(createClient, {
      baseUrl: doc.servers[0]!.url,
      fetch: async (request: Request) => ctx.app.request(request),
      buyer: privatePayload(),
      password: PASSWORD,
      makeId,
      listingId,
    });

    expect(trip).toMatchObject({
      registered: 0,
      searched: 200,
      listing: { id: listingId, brand: 'Toyota', model: 'Yaris', isFavorite: false },
      missing: { status: 404, error: { code: 404, data: null } },
    });
    expect(trip.foundIds).toContain(listingId);
  });
});
