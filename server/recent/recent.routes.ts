import { carCardSchema } from '#shared/schemas/listing-display.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, idParams, nothing, responses, route } from '../http/openapi.ts';

export const list = route({
  method: 'get',
  path: '/user/recently-viewed',
  tag: 'Listings',
  operationId: 'listRecentlyViewed',
  summary: 'The cars the user viewed last',
  description:
    'The last 8 live listings the user opened, newest first, kept with the account (a ' +
    'visitor’s are kept in the browser)',
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(z.array(carCardSchema), 'The cars, newest first'),
});

export const remember = route({
  method: 'put',
  path: '/user/recently-viewed/{id}',
  tag: 'Listings',
  operationId: 'rememberView',
  summary: 'Remember a viewed car',
  description: 'The user opened the live listing: it goes first in the recently viewed cars',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, 'Remembered'),
});
