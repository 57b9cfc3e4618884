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
import { bearer, jsonBody, responses, route } from '../http/openapi.ts';

const tag = 'Catalog';

export const enumerables = route({
  method: 'get',
  path: '/car/details/enumerables',
  tag,
  operationId: 'getEnumerables',
  summary: 'Get the enumerables',
  description: 'Bodies, fuels (3 = electric), doors, emission classes, drive trains, ...',
  responses: responses(enumerablesSchema, 'Every enumerable with id and name'),
});

export const makes = route({
  method: 'get',
  path: '/cars/brands',
  tag,
  operationId: 'listMakes',
  summary: 'Car makes by name',
  description: listAnswerDescription,
  request: { query: listQuerySchema(adminSorts.named) },
  responses: responses(listAnswerSchema(namedSchema), 'Makes'),
});

export const models = route({
  method: 'get',
  path: '/cars/brands/{brandId}/models',
  tag,
  operationId: 'listModels',
  summary: "A make's models by name",
  description: listAnswerDescription,
  request: {
    params: z.object({ brandId: idParam }),
    query: listQuerySchema(adminSorts.named),
  },
  responses: responses(listAnswerSchema(modelSchema), 'Models'),
});

export const safety = route({
  method: 'get',
  path: '/cars/safety',
  tag,
  operationId: 'listSafetyFeatures',
  summary: 'List the safety features',
  description: 'Every safety feature, by id and name: the ids listings and search filters use',
  responses: responses(z.array(namedSchema), 'Safety items'),
});

export const equipment = route({
  method: 'get',
  path: '/cars/equipment',
  tag,
  operationId: 'listEquipment',
  summary: 'List the equipment items',
  description: 'Every equipment item, by id and name: the ids listings and search filters use',
  responses: responses(z.array(namedSchema), 'Equipment items'),
});

export const addMake = route({
  method: 'post',
  path: '/cars/brands/add',
  tag,
  operationId: 'addMake',
  summary: 'Add a make',
  description: "Add a make (admin); 'Make inserted'",
  errors: [409],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(addMakeSchema) },
  responses: responses(namedSchema, "'Make inserted'"),
});

export const addModel = route({
  method: 'post',
  path: '/cars/models/add',
  tag,
  operationId: 'addModel',
  summary: 'Add a model',
  description: "Add a model to a make (admin); 'Model inserted'",
  errors: [404, 409],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(addModelSchema) },
  responses: responses(modelSchema, "'Model inserted'"),
});
