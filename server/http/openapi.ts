import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { envelope, errorEnvelope, idParam } from '#shared/schemas/envelope.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from './env.ts';
import { validationHook } from './validation.ts';

/**
 * A router of one resource; every router shares the validation hook that makes the envelope. A
 * route documented as needing a session (`security`) refuses a visitor with 401 before anything
 * reads the request, so a visitor learns no rule of its payload and cannot make the server
 * validate a large body.
 */
export const createRouter = () => {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const define = router.openapi;
  router.openapi = ((route: RouteConfig, ...rest: [never, never]) =>
    define(
      route.security?.length
        ? { ...route, middleware: [requireUser, ...[route.middleware ?? []].flat()] }
        : route,
      ...rest,
    )) as typeof define;
  return router;
};

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** The 200 envelope around `data`; `route` adds the failures the route may answer. */
export const responses = <T extends z.ZodType>(data: T, description: string) => ({
  200: { description, content: { 'application/json': { schema: envelope(data) } } },
});

/**
 * Every failure the API answers, as a response component around the one error envelope
 * (`Error`): its name in the document and what it means.
 */
const failures = {
  400: ['BadRequest', 'A rule of the request was broken; the message says which'],
  401: ['Unauthorized', 'No valid session: log in, or refresh the access token'],
  403: ['Forbidden', 'The caller may not do this'],
  404: ['NotFound', 'What the request names does not exist, or is not the caller’s to see'],
  409: ['Conflict', 'The request conflicts with the current state; the message says how'],
  413: ['TooLarge', 'The body, or an image in it, is too large'],
  415: ['UnsupportedMediaType', 'The body is not sent as JSON'],
  422: ['InvalidImage', 'An image is not a JPEG, PNG, WebP or AVIF image'],
  429: ['TooManyRequests', 'Too many attempts; the message says when to try again'],
  500: ['Unexpected', 'An unexpected failure; it is logged, and the message is generic'],
} as const;
export type Failure = keyof typeof failures;

/** The resources of the API, one tag each, with what the mobile team reads about it. */
export const tagDescriptions = {
  Accounts:
    'Registration, login and sessions (a short-lived bearer access token and a single-use ' +
    'refresh token), password reset, profiles and balances.',
  Configuration: 'The application configuration, the cities, and the back-office menu.',
  Catalog: 'Reference lists for the listing form and the filters: makes, models, enumerables.',
  Listings: 'Live listings: the home page, search, details, and the own listings and requests.',
  Favorites: 'The listings a user saved.',
  'Saved searches':
    'Searches a buyer saved, with alerts (instant, daily digest or off) when new cars match.',
  Moderation: 'The administrators’ queues and decisions on listings, and Top Spotted.',
  Subscriptions: 'Paid promotion of listings and its renewal.',
  Payments: 'Credit packages, top-ups through the payment provider, and transactions.',
  Vouchers: 'Codes worth credits: created by administrators, redeemed once per user.',
  Ads: 'Ads shown between listings, and their view and click counts.',
  Contact: 'Messages to support and the administrators’ replies.',
  Notifications:
    'In-app notifications (also sent by e-mail, and pushed to phones and to browsers that ' +
    'subscribed to web push), the unread count, and web push subscriptions.',
  Conversations:
    'Buyers and sellers message each other about a listing; every route answers only the two ' +
    'parties (others get 404). Administrators read a conversation only through its report.',
  Reviews:
    'Verified dealer reviews: a buyer who messaged a dealer about a car rates it once per car; ' +
    'the dealer answers once; reports hide a review until an administrator decides.',
  Insights:
    'Seller insights: the beacons that count impressions, contact reveals and shares, and ' +
    'the statistics of a listing, a seller and (administrators) the whole site.',
  'Dealer feeds':
    'Business accounts import their whole stock from a CSV or XML file, keyed by their stock ' +
    'numbers, with a report of every line.',
  'Dealer API':
    'Business accounts’ keys (made, named and revoked in the account area) and the API they ' +
    'open: the dealer’s listings, bulk upserts by stock number, and leads. Each key is rate limited.',
} as const;
export type Tag = keyof typeof tagDescriptions;

/** What a route declares: one tag, an operationId and a summary, and the failures it adds. */
export type RouteSpec = Omit<RouteConfig, 'tags' | 'operationId' | 'summary'> & {
  tag: Tag;
  operationId: string;
  summary: string;
  /** Failures beyond those its shape implies (input: 400; path ids: 404; a body: 413, 415; security: 401, 403). */
  errors?: readonly Failure[];
};

const failuresOf = (spec: RouteSpec): Failure[] => {
  const { params, query, body } = spec.request ?? {};
  const implied: [boolean, Failure[]][] = [
    [Boolean(params || query || body), [400]],
    [Boolean(spec.security?.length), [401, 403]],
    [Boolean(params), [404]],
    [Boolean(body), [413, 415]],
    [true, [500]],
  ];
  const all = new Set([
    ...implied.flatMap(([when, codes]) => (when ? codes : [])),
    ...(spec.errors ?? []),
  ]);
  return [...all].sort((a, b) => a - b);
};

/**
 * A route as the document describes it: its tag, no security unless it says so (`[]`, public),
 * and each failure it may answer as a reference to the shared response component.
 */
export const route = <P extends string, const R extends RouteSpec & { path: P }>(spec: R) => {
  const { tag, errors: _errors, ...config } = spec;
  const failed = Object.fromEntries(
    failuresOf(spec).map((status) => [
      status,
      { $ref: `#/components/responses/${failures[status][0]}` },
    ]),
  );
  return createRoute({
    ...config,
    tags: [tag],
    security: config.security ?? [],
    responses: { ...config.responses, ...failed },
  }) as unknown as ReturnType<typeof createRoute<P, Omit<R, 'tag' | 'errors'> & { path: P }>>;
};

/**
 * Registers what every operation refers to (the bearer scheme, the error envelope and the failure
 * responses) and serves the document at /openapi.json, its server being PUBLIC_URL.
 */
export function documentApi(app: OpenAPIHono<AppEnv>, publicUrl: string) {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The accessToken of POST /api/user/login or /api/user/refresh.',
  });
  registry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'A dealer API key, made in the account area (POST /api/dealer/keys).',
  });
  registry.register('Error', errorEnvelope);
  for (const [name, description] of Object.values(failures)) {
    registry.registerComponent('responses', name, {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  }
  const server = publicUrl.replace(/\/+$/, '');
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Spotted API',
      version: '1.0.0',
      description:
        'Every response is {code, message, data}: code 0 on success; otherwise the HTTP status, ' +
        'and a message that screens show as-is.',
      contact: { name: 'Spotted support', url: `${server}/contact-support` },
    },
    servers: [{ url: server, description: 'This instance (PUBLIC_URL)' }],
    tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
  });
}

export const idParams = z.object({ id: idParam });
export const bearer = [{ bearerAuth: [] }];
export const nothing = z.null();

/** A handler of one route, typed by its definition. */
export type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
