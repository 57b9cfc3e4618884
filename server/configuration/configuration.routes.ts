import { createRoute } from '@hono/zod-openapi';
import { namedSchema } from '#shared/schemas/catalog.ts';
import {
  configurationUpdateSchema,
  menuItemSchema,
  publicConfigurationSchema,
} from '#shared/schemas/configuration.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, jsonBody, responses } from '../http/openapi.ts';

const tags = ['Configuration'];

export const get = createRoute({
  method: 'get',
  path: '/configuration',
  tags,
  summary: 'The application configuration with the listing types and their prices',
  responses: responses(publicConfigurationSchema, 'The configuration'),
});

export const cities = createRoute({
  method: 'get',
  path: '/configuration/cities',
  tags,
  summary: 'The 68 localities of Malta and Gozo',
  responses: responses(z.array(namedSchema), 'Cities by name'),
});

export const update = createRoute({
  method: 'post',
  path: '/configuration/update',
  tags,
  summary: 'Replace the configuration (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(configurationUpdateSchema) },
  responses: responses(publicConfigurationSchema, "'Successfully updated configuration'"),
});

export const menu = createRoute({
  method: 'get',
  path: '/configuration/menu/admin',
  tags,
  summary: 'The back-office sidebar (admin); clients show the items with isActive',
  security: bearer,
  middleware: [requireAdmin] as const,
  responses: responses(z.array(menuItemSchema), 'Menu items in order'),
});
