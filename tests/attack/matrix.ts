import { eq } from 'drizzle-orm';
import { listingTypeIds } from '#shared/promotion.ts';
import { mileageReadings } from '../../server/db/schema/index.ts';
import type { TestContext } from '../support/context.ts';
import { listingPayload, submitListing } from '../support/listings.ts';
import type { World } from './world.ts';

/**
 * The authorization matrix: what every operation of /api/openapi.json answers a visitor, another
 * seller reaching for the owner's objects, and a seller on the administrators' routes. Each
 * operation needs an entry (authz-matrix.test.ts fails otherwise), so a new route gets a decision.
 */

export interface Call {
  params?: Record<string, number | string>;
  body?: unknown;
}

export interface Entry {
  /** A visitor without a session: 401, or 'open' for a public route (never 401 or 403). */
  anonymous: 401 | 'open';
  /** Another seller on the owner's object (the API hides them with 404 or refuses with 403). */
  otherSeller?: 403 | 404;
  /** A seller (not an admin) on an administrators' route. */
  seller?: 403;
  /** The path values and body of the call; unknown ids (999999) and `{}` otherwise. */
  request?: (w: World, ctx: TestContext) => Call | Promise<Call>;
}

type Request = Entry['request'];
/** Anyone may call it. */
const open = (request?: Request, otherSeller?: 404): Entry => ({
  anonymous: 'open',
  otherSeller,
  request,
});
/** Needs a session and only ever acts on the caller's own account. */
const self = (request?: Request): Entry => ({ anonymous: 401, request });
/** Needs a session and names an object: another seller naming the owner's is refused. */
const owned = (otherSeller: 403 | 404, request: Request): Entry => ({
  anonymous: 401,
  otherSeller,
  request,
});
/** Administrators only. */
const admin: Entry = { anonymous: 401, seller: 403 };

const userId = (w: World) => ({ params: { userId: w.own.userId } });
const id = (pick: (own: World['own']) => number) => (w: World) => ({
  params: { id: pick(w.own) },
});
const carId = (w: World) => ({ params: { carId: w.own.paidCar } });
const conversation = (w: World) => ({ params: { id: w.own.conversation } });
/** A request of the owner's that an admin denied: a decision the owner may appeal. */
async function deniedRequest(w: World, ctx: TestContext) {
  const id = await submitListing(ctx, w.owner.accessToken);
  const res = await ctx
    .client(w.admin.accessToken)
    .call((r) =>
      r.cars.request.deny.$post({ json: { id, message: 'The photos show another car.' } }),
    );
  if (res.code !== 0) throw new Error(`deny failed: ${res.message}`);
  return id;
}

export const matrix: Record<string, Entry> = {
  // Accounts and sessions
  'POST /api/user/register/private': open(),
  'POST /api/user/register/company': open(),
  'POST /api/user/login': open(),
  'POST /api/user/login/code': open(),
  'POST /api/user/email/confirm': open(),
  'POST /api/user/email/confirmation': self(),
  'GET /api/user/two-factor': self(),
  'POST /api/user/two-factor/setup': self(),
  'POST /api/user/two-factor/enable': self(),
  'POST /api/user/two-factor/disable': self(),
  'POST /api/user/refresh': open(),
  'PUT /api/user/logout/{id}': owned(
    403,
    id((o) => o.userId),
  ),
  'POST /api/user/password/forgot': open(),
  'POST /api/user/password/forgot/verify': open(),
  'POST /api/user/password/forgot/update': open(),
  'GET /api/user/all': admin,
  'GET /api/user/info/{id}': open(id((o) => o.userId)),
  'GET /api/user/facts/{id}': open(id((o) => o.userId)),
  'PUT /api/user/verify/{id}': admin,
  'GET /api/user/recently-viewed': self(),
  'GET /api/reviews/dealer/{id}': open(),
  'GET /api/reviews/reported': admin,
  'GET /api/review/eligible/{id}': self(id((o) => o.car)),
  'POST /api/review/add': self(),
  'PUT /api/review/answer/{id}': self(),
  'POST /api/review/report/{id}': self(),
  'DELETE /api/review/{id}': admin,
  'PUT /api/review/restore/{id}': admin,
  'PUT /api/user/recently-viewed/{id}': self(id((o) => o.car)),
  'GET /api/user/balance/{id}': owned(
    403,
    id((o) => o.userId),
  ),
  'GET /api/user/{id}': owned(
    403,
    id((o) => o.userId),
  ),
  'POST /api/user/update': owned(403, (w) => ({
    body: { id: w.own.userId, firstName: 'Mallory' },
  })),
  'POST /api/user/password/update': self(),
  'POST /api/user/remove': self(),
  'POST /api/user/remove/{id}': admin,
  'POST /api/user/data-export': self(),
  'GET /api/user/data-export': self(),
  // The mailed link's signed token is the proof: without one the answer is 400.
  'GET /api/user/data-export/download': open(),
  'GET /api/moderation/transparency': open(),
  'GET /api/appeals/listing/{id}': owned(404, async (w, ctx) => ({
    params: { id: await deniedRequest(w, ctx) },
  })),
  'POST /api/appeals': owned(404, async (w, ctx) => ({
    body: {
      listingId: await deniedRequest(w, ctx),
      message: 'This decision is wrong: the car is mine.',
    },
  })),

  // Reference data and configuration
  'GET /api/configuration': open(),
  'GET /api/configuration/cities': open(),
  'POST /api/configuration/update': admin,
  'GET /api/configuration/menu/admin': admin,
  'GET /api/car/details/enumerables': open(),
  'GET /api/cars/brands': open(),
  'POST /api/cars/brands/add': admin,
  'GET /api/cars/brands/{brandId}/models': open(() => ({ params: { brandId: 1 } })),
  'GET /api/cars/safety': open(),
  'GET /api/cars/equipment': open(),
  'POST /api/cars/models/add': admin,

  // Moderation (back-office)
  'GET /api/car/requests': admin,
  'GET /api/car/requests/denied': admin,
  'GET /api/cars/edit/all': admin,
  'GET /api/cars/reported': admin,
  'GET /api/cars/suspended': admin,
  'GET /api/cars/active': admin,
  'GET /api/cars/top-spotted': admin,
  'POST /api/cars/requests/approve/{id}': admin,
  'POST /api/cars/edit/approve/{id}': admin,
  'POST /api/cars/request/deny': admin,
  'POST /api/cars/edit/deny': admin,
  'POST /api/cars/suspend/{id}': admin,
  'POST /api/cars/activate/{id}': admin,
  'POST /api/car/{id}/report/delete': admin,
  'PUT /api/cars/top-spotted/add/{id}': admin,
  'PUT /api/cars/top-spotted/remove/{id}': admin,
  'GET /api/car/edit/{id}': admin,
  'GET /api/car/reports/{id}': admin,
  // Trust and safety
  'GET /api/cars/review/{id}': admin,
  'GET /api/moderation/log': admin,
  'GET /api/moderation/log/facets': admin,
  'GET /api/moderation/turnaround': admin,
  'GET /api/moderation/reasons': admin,
  'POST /api/moderation/reasons': admin,
  'PUT /api/moderation/reasons/{id}': admin,
  'DELETE /api/moderation/reasons/{id}': admin,
  'GET /api/moderation/appeals': admin,
  'GET /api/moderation/appeals/{id}': admin,
  'POST /api/moderation/appeals/{id}/decision': admin,

  // Listings
  'POST /api/cars': open(),
  'POST /api/cars/search': open(),
  'GET /api/car/{id}': open(
    id((o) => o.request),
    404,
  ),
  'POST /api/car/{id}/view': open(id((o) => o.car)),
  'POST /api/cars/report/{id}': open(id((o) => o.car)),
  'POST /api/cars/user/{userId}': open(userId),
  'POST /api/cars/listings/user/{userId}': owned(403, userId),
  'POST /api/cars/add': self(),
  'POST /api/cars/edit': owned(403, async (w, ctx) => ({
    body: { ...(await listingPayload(ctx)), originalId: w.own.car },
  })),
  'POST /api/cars/request/edit': owned(403, async (w, ctx) => ({
    body: { ...(await listingPayload(ctx)), id: w.own.request },
  })),
  'GET /api/car/edit/details/raw/{id}': owned(
    403,
    id((o) => o.car),
  ),
  'GET /api/car/request/edit/details/raw/{id}': owned(
    403,
    id((o) => o.request),
  ),
  'GET /api/car/requests/{id}': owned(
    403,
    id((o) => o.request),
  ),
  'DELETE /api/car/remove/{id}': owned(
    403,
    id((o) => o.car),
  ),
  'DELETE /api/car/sold/{id}': owned(
    403,
    id((o) => o.car),
  ),
  'GET /api/car/history/{id}': open(id((o) => o.car)),
  'PUT /api/car/mileage/note/{id}': owned(403, async (w, ctx) => {
    const [reading] = await ctx.db
      .select({ id: mileageReadings.id })
      .from(mileageReadings)
      .where(eq(mileageReadings.listingId, w.own.car));
    return { params: { id: reading?.id ?? 0 }, body: { note: 'Cluster replaced' } };
  }),
  'DELETE /api/car/request/remove/{id}': owned(
    403,
    id((o) => o.request),
  ),
  'POST /api/favorite/add': owned(403, (w) => ({
    body: { carId: w.own.car, userId: w.own.userId },
  })),
  'POST /api/favorite/remove': owned(403, (w) => ({
    body: { carId: w.own.car, userId: w.own.userId },
  })),
  'POST /api/favorite/get': owned(403, (w) => ({ body: { userId: w.own.userId } })),

  // Ads
  'GET /api/ad/all': admin,
  'POST /api/ad/add': admin,
  'POST /api/ad/update': admin,
  'POST /api/ad/activate': admin,
  'PUT /api/ad/deactivate/{id}': admin,
  'PUT /api/ad/seen/{id}': open(),
  'PUT /api/ad/clicked/{id}': open(),
  'GET /api/ad/{id}': admin,

  // Support
  'POST /api/contact/send': open(),
  'POST /api/contact/messages': admin,
  'POST /api/contact/reply': admin,

  // Notifications
  'POST /api/notifications/user/{userId}': owned(403, userId),
  'GET /api/notifications/unread/count': self(),
  'POST /api/notifications/send': admin,
  'PUT /api/notifications/read/{id}': owned(
    403,
    id((o) => o.notification),
  ),
  'PUT /api/notifications/remove/{id}': owned(
    403,
    id((o) => o.notification),
  ),
  'GET /api/notifications/{id}': owned(
    403,
    id((o) => o.notification),
  ),

  // Conversations: only the two parties; anyone else is told the conversation does not exist.
  'GET /api/conversations': self(),
  'POST /api/conversations': self(),
  'GET /api/conversations/unread/count': self(),
  'GET /api/conversations/car/{carId}': self((w) => ({ params: { carId: w.own.car } })),
  'GET /api/conversations/reports': admin,
  'GET /api/conversations/reports/{id}': admin,
  'PUT /api/conversations/reports/{id}/resolve': admin,
  'GET /api/conversations/{id}': owned(404, conversation),
  'GET /api/conversations/{id}/messages': owned(404, conversation),
  'POST /api/conversations/{id}/messages': owned(404, (w) => ({
    ...conversation(w),
    body: { text: 'Hello' },
  })),
  'PUT /api/conversations/{id}/read': owned(404, conversation),
  'PUT /api/conversations/{id}/block': owned(404, conversation),
  'PUT /api/conversations/{id}/unblock': owned(404, conversation),
  'POST /api/conversations/{id}/report': owned(404, (w) => ({
    ...conversation(w),
    body: { reason: 'Asks for a deposit before a viewing' },
  })),

  // Payments
  'GET /api/payment/packages': self(),
  'GET /api/payment/packages/company': admin,
  'GET /api/payment/packages/individual': admin,
  'POST /api/payment/packages/add': admin,
  'POST /api/payment/packages/update': admin,
  'DELETE /api/payment/packages/remove/{id}': admin,
  'POST /api/payment/create': owned(403, (w) => ({
    body: { userId: w.own.userId, paymentId: 1 },
  })),
  'POST /api/payment/transaction/check': owned(404, (w) => ({
    body: { sessionId: w.own.sessionId },
  })),
  'POST /api/payment/transaction/check/{id}': owned(
    404,
    id((o) => o.topUp),
  ),
  'GET /api/payment/transactions/all': admin,
  'GET /api/payment/transactions/type/{type}': {
    ...admin,
    request: () => ({ params: { type: 1 } }),
  },
  'POST /api/payment/transactions/{userId}': owned(403, userId),
  'GET /api/payment/transaction/{id}': owned(
    404,
    id((o) => o.topUp),
  ),

  // Vouchers
  'POST /api/voucher/add': admin,
  'GET /api/voucher/active': admin,
  'PUT /api/voucher/deactivate/{id}': admin,
  'POST /api/voucher/redeem': self(),

  // Subscriptions and promotion
  'POST /api/car/promote': owned(403, (w) => ({
    body: { carId: w.own.car, listingTypeId: listingTypeIds.premium },
  })),
  'POST /api/subscription/user/{userId}': owned(403, userId),
  'POST /api/subscription/history/car/{carId}': owned(403, carId),
  'PUT /api/subscription/cancel/{carId}': owned(403, carId),
  'PUT /api/subscription/reactivate/{carId}': owned(403, carId),
  'GET /api/subscription/{id}': owned(
    404,
    id((o) => o.subscription),
  ),

  // Insights
  'POST /api/cars/impressions': open((w) => ({ body: { ids: [w.own.car], place: 'search' } })),
  'POST /api/car/{id}/event': open((w) => ({ params: { id: w.own.car }, body: { kind: 'phone' } })),
  'GET /api/insights/car/{id}': owned(
    403,
    id((o) => o.car),
  ),
  'GET /api/insights/user/{userId}': owned(403, userId),
  'GET /api/insights/site': admin,
  // Saved searches
  'GET /api/saved-searches': self(),
  'POST /api/saved-searches': self(),
  'PUT /api/saved-searches/{id}': owned(404, (w) => ({
    params: { id: w.own.savedSearch },
    body: { name: 'Mallory' },
  })),
  'DELETE /api/saved-searches/{id}': owned(
    404,
    id((o) => o.savedSearch),
  ),
  'POST /api/saved-searches/{id}/open': owned(
    404,
    id((o) => o.savedSearch),
  ),
  'POST /api/saved-searches/unsubscribe': open(),

  // Dealer feeds
  'POST /api/feeds/runs': self(),
  'GET /api/feeds/runs': self(),
  'GET /api/feeds/runs/{id}': owned(
    404,
    id((o) => o.feedRun),
  ),
  'GET /api/feeds/runs/{id}/progress': owned(
    404,
    id((o) => o.feedRun),
  ),
  'POST /api/feeds/runs/{id}/confirm': owned(
    404,
    id((o) => o.feedRun),
  ),
  'POST /api/feeds/runs/{id}/cancel': owned(
    404,
    id((o) => o.feedRun),
  ),
  'GET /api/feeds/url': self(),
  'PUT /api/feeds/url': self(),
  'DELETE /api/feeds/url': self(),
  'GET /api/feeds/dealers': admin,
  'PUT /api/feeds/dealers/{id}/pause': admin,
  'GET /api/dealer/keys': self(),
  'POST /api/dealer/keys': self(),
  'DELETE /api/dealer/keys/{id}': self(),
  // The dealer API answers an API key only: a session (anyone's) is a visitor there.
  'GET /api/dealer/v1/listings': self(),
  'POST /api/dealer/v1/listings': self(),
  'GET /api/dealer/v1/listings/{id}': self(),
  'PUT /api/dealer/v1/listings/{id}': self(),
  'DELETE /api/dealer/v1/listings/{id}': self(),
  'POST /api/dealer/v1/listings/upsert': self(),
  'GET /api/dealer/v1/leads': self(),

  // Web push: a browser is forgotten only by the account it is subscribed for.
  'GET /api/push/key': open(),
  'POST /api/push/subscriptions': self(),
  'POST /api/push/subscriptions/remove': owned(404, (w) => ({
    body: { endpoint: w.own.pushEndpoint },
  })),
};
