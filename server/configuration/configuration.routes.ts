import { namedSchema } from '#shared/schemas/catalog.ts';
import {
  configurationUpdateSchema,
  menuItemSchema,
  publicConfigurationSchema,
} from '#shared/schemas/configuration.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, jsonBody, responses, route } from '../http/openapi.ts';

const tag = 'Configuration';

export const get = route({
  method: 'get',
  path: '/configuration',
  tag,
  operationId: 'getConfiguration',
  summary: 'Get the configuration',
  description: 'The application configuration with the listing types and their prices',
  responses: responses(publicConfigurationSchema, 'The configuration'),
});

export const cities = route({
  method: 'get',
  path: '/configuration/cities',
  tag,
  operationId: 'listCities',
  summary: 'List the cities',
  description: 'The 68 localities of Malta and Gozo',
  responses: responses(z.array(namedSchema), 'Cities by name'),
});

export const update = route({
  method: 'post',
  path: '/configuration/update',
  tag,
  operationId: 'updateConfiguration',
  summary: 'Update the configuration',
  description: 'Replace the configuration (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(configurationUpdateSchema) },
  responses: responses(publicConfigurationSchema, "'Successfully updated configuration'"),
});

export const menu = route({
  method: 'get',
  path: '/configuration/menu/admin',
  tag,
  operationId: 'getAdminMenu',
  summary: 'Get the back-office menu',
  description: 'The back-office sidebar (admin); clients show the items with isActive',
  security: bearer,
  middleware: [requireAdmin] as const,
  responses: responses(z.array(menuItemSchema), 'Menu items in order'),
});
