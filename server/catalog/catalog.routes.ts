import { createRoute } from '@hono/zod-openapi';
import {
  addMakeSchema,
  addModelSchema,
  enumerablesSchema,
  modelSchema,
  namedSchema,
} from '#shared/schemas/catalog.ts';
import { idParam } from '#shared/schemas/envelope.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, jsonBody, responses } from '../http/openapi.ts';

const tags = ['Catalog'];

export const enumerables = createRoute({
  method: 'get',
  path: '/car/details/enumerables',
  tags,
  summary: 'Bodies, fuels (3 = electric), doors, emission classes, drive trains, ...',
  responses: responses(enumerablesSchema, 'Every enumerable with id and name'),
});

export const makes = createRoute({
  method: 'get',
  path: '/cars/brands',
  tags,
  summary: 'Car makes by name',
  description: listAnswerDescription,
  request: { query: listQuerySchema(adminSorts.named) },
  responses: responses(listAnswerSchema(namedSchema), 'Makes'),
});

export const models = createRoute({
  method: 'get',
  path: '/cars/brands/{brandId}/models',
  tags,
  summary: "A make's models by name",
  description: listAnswerDescription,
  request: {
    params: z.object({ brandId: idParam }),
    query: listQuerySchema(adminSorts.named),
  },
  responses: responses(listAnswerSchema(modelSchema), 'Models'),
});

export const safety = createRoute({
  method: 'get',
  path: '/cars/safety',
  tags,
  summary: 'Safety features',
  responses: responses(z.array(namedSchema), 'Safety items'),
});

export const equipment = createRoute({
  method: 'get',
  path: '/cars/equipment',
  tags,
  summary: 'Equipment items',
  responses: responses(z.array(namedSchema), 'Equipment items'),
});

export const addMake = createRoute({
  method: 'post',
  path: '/cars/brands/add',
  tags,
  summary: "Add a make (admin); 'Make inserted'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(addMakeSchema) },
  responses: responses(namedSchema, "'Make inserted'"),
});

export const addModel = createRoute({
  method: 'post',
  path: '/cars/models/add',
  tags,
  summary: "Add a model to a make (admin); 'Model inserted'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(addModelSchema) },
  responses: responses(modelSchema, "'Model inserted'"),
});
