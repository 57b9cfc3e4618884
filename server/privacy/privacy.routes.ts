import {
  adminErasureSchema,
  dataExportDownloadQuery,
  dataExportSchema,
} from '#shared/schemas/privacy.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Accounts';

export const erase = route({
  method: 'post',
  path: '/user/remove/{id}',
  tag,
  operationId: 'eraseAccount',
  summary: 'Erase an account on its owner’s written request (admin)',
  description:
    'Erases the account as its owner’s deletion would, without its password; the reason (the ' +
    'written request) goes to the audit log. An administrator account answers 403.',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: jsonBody(adminErasureSchema) },
  responses: responses(nothing, "'Account erased'"),
});

export const requestExport = route({
  method: 'post',
  path: '/user/data-export',
  tag,
  operationId: 'requestDataExport',
  summary: 'Ask for a copy of one’s data',
  description:
    'Queues a ZIP of everything stored about the caller (JSON files, photos and logo). A job ' +
    'prepares it and mails a link that works once for 24 hours. Three a day (429 past it).',
  errors: [429],
  security: bearer,
  responses: responses(dataExportSchema, 'The request, pending'),
});

export const latestExport = route({
  method: 'get',
  path: '/user/data-export',
  tag,
  operationId: 'getDataExport',
  summary: 'The latest request for a copy of one’s data',
  description: 'The state of the caller’s latest request, or null when there is none.',
  security: bearer,
  responses: responses(dataExportSchema.nullable(), 'The latest request'),
});

export const download = route({
  method: 'get',
  path: '/user/data-export/download',
  tag,
  operationId: 'downloadDataExport',
  summary: 'Download a copy of one’s data',
  description:
    'The ZIP of the mailed link’s token, once: a second download answers 409, an expired or ' +
    'invalid token 400. No session needed (the token is the proof).',
  errors: [409],
  request: { query: dataExportDownloadQuery },
  responses: {
    200: {
      description: 'The ZIP archive',
      content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
    },
  },
});
