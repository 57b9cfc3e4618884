/**
 * The back-office data provider (modelled on ra-data-simple-rest): react-admin's methods mapped
 * onto the admin API through shared/api's typed client, each call naming its route (the table
 * below lists them as paths). The {code, message, data} envelope is unwrapped here;
 * a failure rejects with HttpError(message, status, body), so the server's message reaches the
 * screens as-is and a 401 or 403 reaches authProvider.checkError.
 *
 * Every list is paged, sorted and searched by the server: getList sends `page`, `perPage`,
 * `sort` and `order` (when a field is chosen) and `filter.q` as `q`, and reads {items, totalCount}
 * (see shared/schemas/list.ts). A page larger than the server's 1000 rows (an export of every row)
 * is fetched 1000 at a time. getMany sends only the ids it needs (`ids=1,2,3`), and getOne of a
 * resource without its own call asks for its one id the same way.
 *
 * resource            method     HTTP call (lists: ?page&perPage&sort&order&q&ids)
 * admin-menu          getList    GET    configuration/menu/admin        (the 20 items, whole;
 *                                       filtered here by equal keys, e.g. isActive)
 * approve-listings    getList    GET    car/requests
 *                     getOne     GET    car/requests/{id}
 * denied-listings     getList    GET    car/requests/denied
 *                     getOne     GET    car/requests/{id}
 * edited-listings     getList    GET    cars/edit/all
 *                     getOne     GET    car/edit/{id}                  (the edit plus `original`)
 * reported-listings   getList    GET    cars/reported
 *                     getOne     GET    car/requests/{id} + GET car/reports/{id}   (`reports`)
 * suspended-listings  getList    GET    cars/suspended
 *                     getOne     GET    car/requests/{id} + GET car/reports/{id}   (`reports`)
 * active-listings     getList    GET    cars/active
 * reported-conversations getList GET  conversations/reports          (whole; paged here)
 *                     getOne     GET    conversations/reports/{id}     (with the messages)
 *                     update     PUT    conversations/reports/{id}/resolve
 * reviews             getList    GET    reviews/reported               (reported reviews)
 *                     update     PUT    review/restore/{id}            (keeps it: reports dropped)
 *                     delete     DELETE review/{id}
 * featured-listings   getList    GET    cars/top-spotted
 *                     create     PUT    cars/top-spotted/add/{data.id}
 *                     delete     PUT    cars/top-spotted/remove/{id}
 * home-listings       getList    POST   cars {pageNumber, pageSize}     (the picker; no sort)
 * configuration       getOne     GET    configuration                  (any id; the record keeps it)
 *                     update     POST   configuration/update
 * payment-packages    getList    GET    payment/packages/individual (filter typeId 2, the default),
 *                                       payment/packages/company (typeId 1); getMany asks both
 *                     create     POST   payment/packages/add
 *                     update     POST   payment/packages/update
 *                     delete     DELETE payment/packages/remove/{id}
 * transactions        getList    GET    payment/transactions/all, or /type/{filter.type}
 *                                       (newest first, or oldest with sort date ASC;
 *                                       answers {transactions, totalCount})
 * users               getList    GET    user/all
 *                     getOne     GET    user/{id}
 * messages            getList    POST   contact/messages
 *                     update     POST   contact/reply {messageId: id, messageEmail, text: data.replyMessage}
 * notifications       create     POST   notifications/send {typeId 1, title, message, mailMessage,
 *                                       allUsers true, topic 'general'}
 * ads                 getList    GET    ad/all
 *                     getOne     GET    ad/{id}
 *                     create     POST   ad/add
 *                     update     POST   ad/update
 * vouchers            getList    GET    voucher/active
 *                     create     POST   voucher/add {credits, daysActive}
 *                     delete     PUT    voucher/deactivate/{id}
 * moderation-log      getList    GET    moderation/log ?page&perPage&adminId&action&from&to
 *                                       (filters from filter.adminId, action, from, to)
 * appeals             getList    GET    moderation/appeals ?page&perPage&state (filter.state)
 *                     getOne     GET    moderation/appeals/{id}
 * reason-templates    getList    GET    moderation/reasons               (whole; filter.kind)
 *                     create     POST   moderation/reasons {kind, text, ground}
 *                     update     PUT    moderation/reasons/{id} {kind, text}
 *                     delete     DELETE moderation/reasons/{id}
 * makes               getList    GET    cars/brands
 *                     create     POST   cars/brands/add {name}
 * models              getList    GET    cars/brands/{filter.makeId}/models   (empty without a make)
 *                     create     POST   cars/models/add {brandId, name}
 *
 * Custom methods (each answers {data, message}):
 *   approveRequest(id)        POST cars/requests/approve/{id}
 *   denyRequest(id, message)  POST cars/request/deny {id, message}
 *   approveEdit(id)           POST cars/edit/approve/{id}
 *   denyEdit(id, message)     POST cars/edit/deny {id, message}
 *   suspend(id, message?)     POST cars/suspend/{id} {message}
 *   activate(id)              POST cars/activate/{id}
 *   dismissReports(id)        POST car/{id}/report/delete
 *   deactivateAd(id)          PUT  ad/deactivate/{id}
 *   activateAd(id)            POST ad/activate {id}
 *   review(id)                GET cars/review/{id}   (duplicates, scam patterns, history)
 *   eraseUser(id, reason)     POST user/remove/{id} {reason}   (on the owner's written request)
 *   turnaround()              GET moderation/turnaround
 *   dealerFeeds(userId)       GET feeds/dealers (the one of userId) + GET feeds/runs?userId
 *   feedRun(id)               GET feeds/runs/{id}
 *   pauseFeed(id, paused)     PUT feeds/dealers/{id}/pause {paused}
 *   logFacets()               GET moderation/log/facets
 *   decideAppeal(id, o, r)    POST moderation/appeals/{id}/decision {outcome, reason}
 *   sellerFacts(id)           GET user/facts/{id}    (the company's verified badge among them)
 *   verifyRegistration(id, v) PUT user/verify/{id} {verified}
 *   userDetails(id)           GET user/{id}, POST payment/transactions/{id},
 *                             POST subscription/user/{id} {filterType: null},
 *                             POST cars/listings/user/{id} {pageNumber 1, pageSize 50, stateFilter null},
 *                             GET user/balance/{id}
 *
 * getManyReference is getList with the target as a filter (models: brandId or makeId);
 * deleteMany repeats delete. Anything not in the table rejects.
 */
import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteManyParams,
  type DeleteManyResult,
  type DeleteParams,
  type DeleteResult,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetManyReferenceResult,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  type Identifier,
  type RaRecord,
  type UpdateManyResult,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import type { ClientResponse, InferRequestType } from 'hono/client';
import type { z } from 'zod';
import type { ApiClient, ApiRoutes, DataOf } from '#shared/api/client.ts';
import { limits } from '#shared/limits.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import { LIST_PAGE_MAX, LIST_PER_PAGE, type ListPage } from '#shared/schemas/list.ts';
import { messages } from '#shared/messages.ts';
import type { CarCard, CarDetail, reportSchema } from '#shared/schemas/listing-display.ts';
import {
  packageTypes,
  type Transaction,
  type subscriptionSchema,
} from '#shared/schemas/payment.ts';
import type { User } from '#shared/schemas/user.ts';
import type { SellerFacts } from '#shared/schemas/history.ts';
import type { adminFeedSchema, DealerFeed, FeedRun, FeedRunDetail } from '#shared/schemas/feed.ts';
import type { ReasonKind, Review, Turnaround } from '#shared/schemas/trust.ts';
import type { AppealOutcome } from '#shared/schemas/appeal.ts';
import { api as defaultApi } from './httpClient.ts';

export type Report = z.infer<typeof reportSchema>;
export type AdminFeed = z.infer<typeof adminFeedSchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A listing as the review screens load it: reported and suspended ones carry their reports. */
export type ListingRecord = CarDetail & { reports?: Report[] };
/** GET car/edit/{id}: the edit with the live listing it would change. */
export type EditRecord = CarDetail & { original: CarDetail | null };

/** The admin user details screen's data; a part that could not be loaded is null. */
export interface UserDetails {
  user: User;
  transactions: Transaction[] | null;
  subscriptions: Subscription[] | null;
  listings: CarCard[] | null;
  balance: number | null;
}

/** What a custom method answers: the envelope's data and the server's message. */
export interface Done<T = null> {
  data: T;
  message: string;
}

export interface AdminDataProvider extends DataProvider {
  approveRequest(id: Identifier): Promise<Done>;
  denyRequest(id: Identifier, message: string): Promise<Done>;
  approveEdit(id: Identifier): Promise<Done>;
  denyEdit(id: Identifier, message: string): Promise<Done>;
  /** `message`: the reason the owner receives; none sends the notice alone. */
  suspend(id: Identifier, message?: string): Promise<Done>;
  activate(id: Identifier): Promise<Done>;
  dismissReports(id: Identifier): Promise<Done>;
  deactivateAd(id: Identifier): Promise<Done<RaRecord>>;
  activateAd(id: Identifier): Promise<Done<RaRecord>>;
  userDetails(id: Identifier): Promise<UserDetails>;
  /** Erases the account on its owner's written request; `reason` says which (audit log). */
  eraseUser(id: Identifier, reason: string): Promise<Done>;
  review(id: Identifier): Promise<Review>;
  turnaround(): Promise<Turnaround>;
  logFacets(): Promise<{ admins: { id: number; email: string }[]; actions: string[] }>;
  decideAppeal(id: Identifier, outcome: AppealOutcome, reason: string): Promise<Done>;
  sellerFacts(id: Identifier): Promise<SellerFacts>;
  verifyRegistration(id: Identifier, verified: boolean): Promise<Done>;
  /** A dealer's scheduled feed (null when none) and newest imports. */
  dealerFeeds(userId: Identifier): Promise<{ feed: AdminFeed | null; runs: FeedRun[] }>;
  feedRun(id: Identifier): Promise<FeedRunDetail>;
  pauseFeed(id: Identifier, paused: boolean): Promise<Done<DealerFeed>>;
}

type Data = Record<string, unknown>;

/**
 * ExportButton's maxResults for a CSV of every matching row, not just the page (react-admin's
 * default is 1000): getList then pages through the server 1000 rows at a time.
 */
export const EVERY_ROW = Number.MAX_SAFE_INTEGER;

type Page = { data: RaRecord[]; total: number };

/**
 * How one resource reaches the API; a missing entry means the method is not supported. create and
 * update are methods, so that a resource may take its record as the body its route declares
 * (`FormOf`): react-admin's records carry no field types, and its forms fill that body.
 */
interface Endpoints {
  /** One page of the list as the params ask (filter.ids: only those records). */
  list?: (params: ListParams) => Promise<Page>;
  one?: (id: Identifier) => Promise<RaRecord>;
  create?(data: Data): Promise<RaRecord>;
  update?(id: Identifier, data: Data, previous: RaRecord | undefined): Promise<RaRecord>;
  remove?: (id: Identifier, previous: RaRecord | undefined) => Promise<RaRecord>;
}

type ListParams = Pick<GetListParams, 'pagination' | 'sort' | 'filter'>;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The admin API's list query for one server page: paging, the sort field, the search, the ids. */
export function listQuery(params: ListParams, page: number, perPage: number) {
  const query: Record<string, string> = { page: String(page), perPage: String(perPage) };
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field) Object.assign(query, { sort: field, order });
  const { q, ids } = params.filter ?? {};
  if (present(q)) query.q = String(q);
  if (Array.isArray(ids)) query.ids = ids.join(',');
  return query;
}

/**
 * The page getList asks for, from a server that answers at most LIST_PAGE_MAX rows a page: one
 * call, or (an export of every row) its server pages one after the other.
 */
export async function pageThrough(
  pagination: GetListParams['pagination'],
  fetchPage: (page: number, perPage: number) => Promise<Page>,
): Promise<Page> {
  const { page, perPage } = pagination ?? { page: 1, perPage: LIST_PER_PAGE };
  if (perPage <= LIST_PAGE_MAX) return fetchPage(page, perPage);
  const first = (page - 1) * perPage;
  const skip = first % LIST_PAGE_MAX;
  const rows: RaRecord[] = [];
  let total: number;
  for (let next = Math.floor(first / LIST_PAGE_MAX) + 1; ; next += 1) {
    const result = await fetchPage(next, LIST_PAGE_MAX);
    total = result.total;
    rows.push(...result.data);
    const done = result.data.length < LIST_PAGE_MAX || next * LIST_PAGE_MAX >= total;
    if (done || rows.length - skip >= perPage) break;
  }
  return { data: rows.slice(skip, skip + perPage), total };
}

/** Rows whose every filter key (when set) equals the record's: the admin menu's isActive. */
function matching<R extends RaRecord>(rows: R[], filter: Record<string, unknown> = {}) {
  const ids = Array.isArray(filter.ids) ? filter.ids.map(String) : null;
  return rows.filter(
    (row) =>
      (!ids || ids.includes(String(row.id))) &&
      Object.entries(filter).every(
        ([key, value]) => key === 'ids' || !present(value) || String(row[key]) === String(value),
      ),
  );
}

/** The JSON body a route takes, as the typed client's routes declare it. */
type BodyOf<Route> = InferRequestType<Route> extends { json: infer Json } ? Json : never;
/** What the forms of a resource fill: its routes' body, with the record's id where it has one. */
type FormOf<Route> = BodyOf<Route> & { id?: Identifier };
type ConfigurationForm = FormOf<ApiRoutes['configuration']['update']['$post']>;
type NewPackageForm = FormOf<ApiRoutes['payment']['packages']['add']['$post']>;
type PackageForm = FormOf<ApiRoutes['payment']['packages']['update']['$post']>;
type NewAdForm = FormOf<ApiRoutes['ad']['add']['$post']>;
type AdForm = FormOf<ApiRoutes['ad']['update']['$post']>;

function withoutId<T extends { id?: unknown }>({ id: _id, ...rest }: T) {
  return rest;
}

type Query = ReturnType<typeof listQuery>;
type Answer = ClientResponse<unknown, number, string>;
/** An admin list's route: a page ({items, totalCount}) when asked for one, as getList always does. */
type PageAnswer = ClientResponse<Envelope<RaRecord[] | ListPage<RaRecord>>, number, string>;
type Request<R extends Answer> = (routes: ApiRoutes) => Promise<R>;

export function createDataProvider(client: ApiClient = defaultApi): AdminDataProvider {
  /** One call: the envelope's data and message, or an HttpError with the server's message. */
  async function call<R extends Answer>(request: Request<R>): Promise<Done<DataOf<R>>> {
    const result = await client.call(request);
    if (result.code !== 0) {
      const status = result.status >= 400 ? result.status : result.code;
      const message = result.status === 0 ? messages.common.errorOccurred : result.message;
      throw new HttpError(message || messages.common.errorOccurred, status, result);
    }
    return { data: result.data, message: result.message };
  }
  const send = async <R extends Answer>(request: Request<R>) => (await call(request)).data;

  /** A paged admin list: the page of the list `request` answers that the params ask for. */
  const paged =
    <R extends PageAnswer>(
      request: (routes: ApiRoutes, query: Query, params: ListParams) => Promise<R>,
    ) =>
    (params: ListParams) =>
      pageThrough(params.pagination, async (page, perPage) => {
        const query = listQuery(params, page, perPage);
        const answer = await send((r) => request(r, query, params));
        if (Array.isArray(answer)) return { data: answer, total: answer.length };
        return { data: answer.items, total: answer.totalCount };
      });
  const listing = (id: Identifier) =>
    send((r) => r.car.requests[':id'].$get({ param: { id: String(id) } }));
  const withReports = async (id: Identifier): Promise<ListingRecord> => {
    const [car, reports] = await Promise.all([
      listing(id),
      send((r) => r.car.reports[':id'].$get({ param: { id: String(id) } })),
    ]);
    return { ...car, reports };
  };
  const packages = paged((r, query, { filter }) =>
    Number(filter?.typeId) === packageTypes.company
      ? r.payment.packages.company.$get({ query })
      : r.payment.packages.individual.$get({ query }),
  );
  const byId = (id: Identifier) => ({ param: { id: String(id) } });

  const resources: Record<string, Endpoints> = {
    'admin-menu': {
      list: async ({ filter }) => {
        const menu = await send((r) => r.configuration.menu.admin.$get());
        const items = matching(menu, filter);
        return { data: items, total: items.length };
      },
    },
    'approve-listings': { list: paged((r, query) => r.car.requests.$get({ query })), one: listing },
    'denied-listings': {
      list: paged((r, query) => r.car.requests.denied.$get({ query })),
      one: listing,
    },
    'edited-listings': {
      list: paged((r, query) => r.cars.edit.all.$get({ query })),
      one: (id) => send((r) => r.car.edit[':id'].$get(byId(id))),
    },
    'reported-listings': {
      list: paged((r, query) => r.cars.reported.$get({ query })),
      one: withReports,
    },
    'suspended-listings': {
      list: paged((r, query) => r.cars.suspended.$get({ query })),
      one: withReports,
    },
    'active-listings': { list: paged((r, query) => r.cars.active.$get({ query })) },
    'reported-conversations': {
      // At most 500 reports, open ones first: the server answers them whole, paged here.
      list: async ({ pagination }) => {
        const reports = await send((r) => r.conversations.reports.$get());
        const perPage = pagination?.perPage ?? LIST_PER_PAGE;
        const start = ((pagination?.page ?? 1) - 1) * perPage;
        return { data: reports.slice(start, start + perPage), total: reports.length };
      },
      one: (id) => send((r) => r.conversations.reports[':id'].$get(byId(id))),
      update: (id) => send((r) => r.conversations.reports[':id'].resolve.$put(byId(id))),
    },
    reviews: {
      list: paged((r, query) => r.reviews.reported.$get({ query })),
      update: async (id, _data, previous) => {
        await send((r) => r.review.restore[':id'].$put(byId(id)));
        return previous ?? { id };
      },
      remove: async (id, previous) => {
        await send((r) => r.review[':id'].$delete(byId(id)));
        return previous ?? { id };
      },
    },
    'featured-listings': {
      list: paged((r, query) => r.cars['top-spotted'].$get({ query })),
      create: async (data) => {
        await send((r) => r.cars['top-spotted'].add[':id'].$put(byId(String(data.id))));
        return data as RaRecord;
      },
      remove: async (id, previous) => {
        await send((r) => r.cars['top-spotted'].remove[':id'].$put(byId(id)));
        return previous ?? { id };
      },
    },
    'home-listings': {
      list: async ({ pagination }) => {
        const { cars } = await send((r) =>
          r.cars.$post({
            json: {
              pageNumber: pagination?.page ?? 1,
              pageSize: pagination?.perPage ?? limits.pageSize,
            },
          }),
        );
        return { data: cars.cars, total: cars.totalCount };
      },
    },
    configuration: {
      one: async (id) => ({ ...(await send((r) => r.configuration.$get())), id }),
      update: async (id, data: ConfigurationForm) => ({
        ...(await send((r) => r.configuration.update.$post({ json: withoutId(data) }))),
        id,
      }),
    },
    'payment-packages': {
      list: async (params) => {
        if (present(params.filter?.typeId) || !Array.isArray(params.filter?.ids))
          return packages(params);
        // getMany: the ids may be of either kind.
        const kinds = await Promise.all(
          [packageTypes.individual, packageTypes.company].map((typeId) =>
            packages({ ...params, filter: { ...params.filter, typeId } }),
          ),
        );
        const data = kinds.flatMap((kind) => kind.data);
        return { data, total: data.length };
      },
      create: (data: NewPackageForm) =>
        send((r) => r.payment.packages.add.$post({ json: withoutId(data) })),
      update: (id, data: PackageForm) =>
        send((r) => r.payment.packages.update.$post({ json: { ...data, id } })),
      remove: async (id, previous) => {
        await send((r) => r.payment.packages.remove[':id'].$delete(byId(id)));
        return previous ?? { id };
      },
    },
    transactions: {
      list: (params) =>
        pageThrough(params.pagination, async (page, perPage) => {
          const { filter } = params;
          const query = listQuery({ ...params, filter: { ids: filter?.ids } }, page, perPage);
          const result = await send((r) =>
            present(filter?.type)
              ? r.payment.transactions.type[':type'].$get({
                  param: { type: String(filter.type) },
                  query,
                })
              : r.payment.transactions.all.$get({ query }),
          );
          return { data: result.transactions, total: result.totalCount };
        }),
    },
    users: {
      list: paged((r, query) => r.user.all.$get({ query })),
      one: (id) => send((r) => r.user[':id'].$get(byId(id))),
    },
    messages: {
      list: paged((r, query) => r.contact.messages.$post({ query })),
      update: (id, data, previous) =>
        send((r) =>
          r.contact.reply.$post({
            json: {
              messageId: id,
              messageEmail: data.email ?? previous?.email ?? null,
              text: data.replyMessage as string,
            },
          }),
        ),
    },
    notifications: {
      create: async (data) => {
        const payload = {
          typeId: 1,
          title: data.title as string,
          message: data.message as string,
          mailMessage: data.mailMessage ?? data.message,
          allUsers: true,
          topic: 'general',
        };
        const sent = await send((r) => r.notifications.send.$post({ json: payload }));
        return { ...payload, ...sent, id: Date.now() };
      },
    },
    ads: {
      list: paged((r, query) => r.ad.all.$get({ query })),
      one: (id) => send((r) => r.ad[':id'].$get(byId(id))),
      create: (data: NewAdForm) => send((r) => r.ad.add.$post({ json: withoutId(data) })),
      update: (id, data: AdForm) => send((r) => r.ad.update.$post({ json: { ...data, id } })),
    },
    vouchers: {
      list: paged((r, query) => r.voucher.active.$get({ query })),
      create: (data) =>
        send((r) =>
          r.voucher.add.$post({
            json: { credits: data.credits, daysActive: data.daysActive },
          }),
        ),
      remove: async (id, previous) => {
        await send((r) => r.voucher.deactivate[':id'].$put(byId(id)));
        return previous ?? { id };
      },
    },
    'moderation-log': {
      list: (params) =>
        pageThrough(params.pagination, async (page, perPage) => {
          const { adminId, action, from, to } = params.filter ?? {};
          const query: Record<string, string> = { page: String(page), perPage: String(perPage) };
          for (const [key, value] of Object.entries({ adminId, action, from, to }))
            if (present(value)) query[key] = String(value);
          const answer = await send((r) => r.moderation.log.$get({ query }));
          return { data: answer.items, total: answer.totalCount };
        }),
    },
    appeals: {
      list: (params) =>
        pageThrough(params.pagination, async (page, perPage) => {
          const state = params.filter?.state as 'open' | 'decided' | undefined;
          const query = { page: String(page), perPage: String(perPage), ...(state && { state }) };
          const answer = await send((r) => r.moderation.appeals.$get({ query }));
          return { data: answer.items, total: answer.totalCount };
        }),
      one: (id) => send((r) => r.moderation.appeals[':id'].$get(byId(id))),
    },
    'reason-templates': {
      list: async ({ filter }) => {
        const kind = present(filter?.kind) ? (filter.kind as ReasonKind) : undefined;
        const rows = await send((r) => r.moderation.reasons.$get({ query: kind ? { kind } : {} }));
        const items = matching(rows, { ids: filter?.ids });
        return { data: items, total: items.length };
      },
      create: (data) =>
        send((r) =>
          r.moderation.reasons.$post({
            json: {
              kind: data.kind as ReasonKind,
              text: String(data.text ?? ''),
              ground: data.ground === 'illegal' ? 'illegal' : 'terms',
            },
          }),
        ),
      update: (id, data) =>
        send((r) =>
          r.moderation.reasons[':id'].$put({
            ...byId(id),
            json: { kind: data.kind as ReasonKind, text: String(data.text ?? '') },
          }),
        ),
      remove: async (id, previous) => {
        await send((r) => r.moderation.reasons[':id'].$delete(byId(id)));
        return previous ?? { id };
      },
    },
    makes: {
      list: paged((r, query) => r.cars.brands.$get({ query })),
      create: (data) =>
        send((r) => r.cars.brands.add.$post({ json: { name: data.name as string } })),
    },
    models: {
      list: async (params) => {
        const makeId = params.filter?.makeId ?? params.filter?.brandId;
        if (!present(makeId)) return { data: [], total: 0 };
        return paged((r, query) =>
          r.cars.brands[':brandId'].models.$get({ param: { brandId: String(makeId) }, query }),
        )(params);
      },
      create: (data) =>
        send((r) =>
          r.cars.models.add.$post({ json: { brandId: data.brandId, name: data.name as string } }),
        ),
    },
  };

  function endpoint<K extends keyof Endpoints>(
    resource: string,
    method: K,
    name: string,
  ): NonNullable<Endpoints[K]> {
    const found = resources[resource]?.[method];
    if (!found) throw new Error(`The back-office API has no ${name} for "${resource}"`);
    return found;
  }

  const list = (resource: string, params: ListParams) =>
    endpoint(resource, 'list', 'getList')(params);

  /** Only the records of `ids`, asked for by id (at most a server page of ids per call). */
  async function many(resource: string, ids: Identifier[]) {
    const found: RaRecord[] = [];
    for (let start = 0; start < ids.length; start += LIST_PAGE_MAX) {
      const chunk = ids.slice(start, start + LIST_PAGE_MAX);
      const { data } = await list(resource, {
        pagination: { page: 1, perPage: chunk.length },
        filter: { ids: chunk },
      });
      const wanted = new Set(chunk.map(String));
      found.push(...data.filter((r) => wanted.has(String(r.id))));
    }
    return found;
  }

  /** A record by id from the resource's own call, or else by its id from the list. */
  async function one(resource: string, id: Identifier) {
    const own = resources[resource]?.one;
    if (own) return own(id);
    const [found] = await many(resource, [id]);
    if (!found) throw new HttpError('Not found', 404, null);
    return found;
  }

  const unsupported = (name: string, resource: string) =>
    Promise.reject(new Error(`The back-office API has no ${name} for "${resource}"`));

  return {
    getList: async <R extends RaRecord>(resource: string, params: GetListParams) =>
      (await list(resource, params)) as GetListResult<R>,
    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams) =>
      ({ data: await one(resource, params.id) }) as GetOneResult<R>,
    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams) =>
      ({ data: await many(resource, params.ids) }) as GetManyResult<R>,
    getManyReference: async <R extends RaRecord>(
      resource: string,
      params: GetManyReferenceParams,
    ) =>
      (await list(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      })) as GetManyReferenceResult<R>,
    create: async <R extends RaRecord>(resource: string, params: CreateParams) =>
      ({
        data: await endpoint(resource, 'create', 'create')(params.data as Data),
      }) as CreateResult<R>,
    update: async <R extends RaRecord>(resource: string, params: UpdateParams) =>
      ({
        data: await endpoint(resource, 'update', 'update')(
          params.id,
          params.data as Data,
          params.previousData as RaRecord | undefined,
        ),
      }) as UpdateResult<R>,
    updateMany: async <R extends RaRecord>(resource: string) =>
      unsupported('updateMany', resource) as Promise<UpdateManyResult<R>>,
    delete: async <R extends RaRecord>(resource: string, params: DeleteParams) =>
      ({
        data: await endpoint(
          resource,
          'remove',
          'delete',
        )(params.id, params.previousData as RaRecord | undefined),
      }) as DeleteResult<R>,
    deleteMany: async <R extends RaRecord>(resource: string, params: DeleteManyParams) => {
      const remove = endpoint(resource, 'remove', 'delete');
      for (const id of params.ids) await remove(id, undefined);
      return { data: params.ids } as DeleteManyResult<R>;
    },

    approveRequest: (id) => call((r) => r.cars.requests.approve[':id'].$post(byId(id))),
    denyRequest: (id, message) =>
      call((r) => r.cars.request.deny.$post({ json: { id: Number(id), message } })),
    approveEdit: (id) => call((r) => r.cars.edit.approve[':id'].$post(byId(id))),
    denyEdit: (id, message) =>
      call((r) => r.cars.edit.deny.$post({ json: { id: Number(id), message } })),
    suspend: (id, message) =>
      call((r) =>
        r.cars.suspend[':id'].$post({ ...byId(id), json: message?.trim() ? { message } : {} }),
      ),
    activate: (id) => call((r) => r.cars.activate[':id'].$post(byId(id))),
    dismissReports: (id) => call((r) => r.car[':id'].report.delete.$post(byId(id))),
    deactivateAd: (id) => call((r) => r.ad.deactivate[':id'].$put(byId(id))),
    activateAd: (id) => call((r) => r.ad.activate.$post({ json: { id: Number(id) } })),
    review: (id) => send((r) => r.cars.review[':id'].$get(byId(id))),
    eraseUser: (id, reason) =>
      call((r) => r.user.remove[':id'].$post({ ...byId(id), json: { reason } })),
    turnaround: () => send((r) => r.moderation.turnaround.$get()),
    logFacets: () => send((r) => r.moderation.log.facets.$get()),
    decideAppeal: (id, outcome, reason) =>
      call((r) =>
        r.moderation.appeals[':id'].decision.$post({ ...byId(id), json: { outcome, reason } }),
      ),
    sellerFacts: (id) => send((r) => r.user.facts[':id'].$get(byId(id))),
    verifyRegistration: (id, verified) =>
      call((r) => r.user.verify[':id'].$put({ ...byId(id), json: { verified } })),
    dealerFeeds: async (userId) => {
      const [feeds, runs] = await Promise.all([
        send((r) => r.feeds.dealers.$get()),
        send((r) => r.feeds.runs.$get({ query: { userId: String(userId) } })),
      ]);
      return { feed: feeds.find((f) => f.userId === Number(userId)) ?? null, runs };
    },
    feedRun: (id) => send((r) => r.feeds.runs[':id'].$get(byId(id))),
    pauseFeed: (id, paused) =>
      call((r) => r.feeds.dealers[':id'].pause.$put({ ...byId(id), json: { paused } })),
    userDetails: async (id) => {
      const user = await send((r) => r.user[':id'].$get(byId(id)));
      const part = async <T>(load: Promise<T>, what: string): Promise<T | null> => {
        try {
          return await load;
        } catch (error) {
          console.error(`Could not load the user's ${what}`, error);
          return null;
        }
      };
      const userId = { userId: String(id) };
      const [transactions, subscriptions, listings, balance] = await Promise.all([
        part(
          send((r) =>
            r.payment.transactions[':userId'].$post({
              param: userId,
              json: { pageNumber: 1, pageSize: 500 },
            }),
          ).then((d) => d.transactions),
          'transactions',
        ),
        part(
          send((r) =>
            r.subscription.user[':userId'].$post({ param: userId, json: { filterType: null } }),
          ),
          'subscriptions',
        ),
        part(
          send((r) =>
            r.cars.listings.user[':userId'].$post({
              param: userId,
              json: { pageNumber: 1, pageSize: limits.pageSize, stateFilter: null },
            }),
          ).then((d) => d.cars),
          'listings',
        ),
        part(
          send((r) => r.user.balance[':id'].$get(byId(id))).then((d) => d.balance),
          'balance',
        ),
      ]);
      return { user, transactions, subscriptions, listings, balance };
    },
  };
}

export const dataProvider = createDataProvider();
