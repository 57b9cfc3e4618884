/**
 * The back-office data provider (modelled on ra-data-simple-rest): react-admin's methods mapped
 * onto the admin API through one httpClient. The {code, message, data} envelope is unwrapped here;
 * a failure rejects with HttpError(message, status, body), so the server's message reaches the
 * screens as-is and a 401 or 403 reaches authProvider.checkError.
 *
 * resource            method     HTTP call
 * admin-menu          getList    GET    configuration/menu/admin
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
 * featured-listings   getList    GET    cars/top-spotted
 *                     create     PUT    cars/top-spotted/add/{data.id}
 *                     delete     PUT    cars/top-spotted/remove/{id}
 * home-listings       getList    POST   cars {pageNumber, pageSize}     (server-paged; the picker)
 * configuration       getOne     GET    configuration                  (any id; the record keeps it)
 *                     update     POST   configuration/update
 * payment-packages    getList    GET    payment/packages/individual (filter typeId 2),
 *                                       payment/packages/company (typeId 1), both without typeId
 *                     create     POST   payment/packages/add
 *                     update     POST   payment/packages/update
 *                     delete     DELETE payment/packages/remove/{id}
 * transactions        getList    GET    payment/transactions/all, or /type/{filter.type}
 *                                       (server-paged, newest first; no sort)
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
 *   suspend(id)               POST cars/suspend/{id}
 *   activate(id)              POST cars/activate/{id}
 *   dismissReports(id)        POST car/{id}/report/delete
 *   deactivateAd(id)          PUT  ad/deactivate/{id}
 *   activateAd(id)            POST ad/activate {id}
 *   userDetails(id)           GET user/{id}, POST payment/transactions/{id},
 *                             POST subscription/user/{id} {filterType: null},
 *                             POST cars/listings/user/{id} {pageNumber 1, pageSize 50, stateFilter null},
 *                             GET user/balance/{id}
 *
 * The API answers most lists as whole arrays: getList then filters (`q` searches every text and
 * number field, any other key must equal), sorts and pages on the client; keys an endpoint takes
 * itself (typeId, type, makeId) are not filtered again. getOne of a resource without its own call,
 * getMany and getManyReference look the records up in the list; deleteMany repeats delete.
 * Anything not in the table rejects.
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
import type { z } from 'zod';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { CarCard, CarDetail, reportSchema } from '#shared/schemas/listing.ts';
import type { Transaction, subscriptionSchema } from '#shared/schemas/payment.ts';
import type { User } from '#shared/schemas/user.ts';
import { httpClient as defaultHttpClient, type HttpClient, type HttpMethod } from './httpClient.ts';

export type Report = z.infer<typeof reportSchema>;
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
  suspend(id: Identifier): Promise<Done>;
  activate(id: Identifier): Promise<Done>;
  dismissReports(id: Identifier): Promise<Done>;
  deactivateAd(id: Identifier): Promise<Done<RaRecord>>;
  activateAd(id: Identifier): Promise<Done<RaRecord>>;
  userDetails(id: Identifier): Promise<UserDetails>;
}

type Data = Record<string, unknown>;

/** How one resource reaches the API; a missing entry means the method is not supported. */
interface Endpoints {
  /** Whole array (paged here), or a page the server cut with its total. */
  list?: (params: GetListParams) => Promise<RaRecord[] | { data: RaRecord[]; total: number }>;
  /** Filter keys the list call consumes itself. */
  consumes?: string[];
  one?: (id: Identifier) => Promise<RaRecord>;
  create?: (data: Data) => Promise<RaRecord>;
  update?: (id: Identifier, data: Data, previous: RaRecord | undefined) => Promise<RaRecord>;
  remove?: (id: Identifier, previous: RaRecord | undefined) => Promise<RaRecord>;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Filters, sorts and pages a whole array the way getList's params ask. */
export function applyListParams<R extends RaRecord>(
  rows: R[],
  params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>,
  consumed: string[] = [],
): { data: R[]; total: number } {
  let result = rows;
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (consumed.includes(key) || !present(value)) continue;
    if (key === 'q') {
      const q = String(value).toLowerCase();
      result = result.filter((row) =>
        Object.values(row).some(
          (v) =>
            (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(q),
        ),
      );
    } else if (Array.isArray(value)) {
      result = result.filter((row) => value.map(String).includes(String(row[key])));
    } else {
      result = result.filter((row) => String(row[key]) === String(value));
    }
  }
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field) {
    const direction = order === 'DESC' ? -1 : 1;
    result = [...result].sort((a, b) => direction * compare(a[field], b[field]));
  }
  const total = result.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    result = result.slice((page - 1) * perPage, page * perPage);
  }
  return { data: result, total };
}

function compare(a: unknown, b: unknown): number {
  if (!present(a)) return present(b) ? 1 : 0;
  if (!present(b)) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

function withoutId({ id: _id, ...rest }: Data) {
  return rest;
}

export function createDataProvider(client: HttpClient = defaultHttpClient): AdminDataProvider {
  /** One call: the envelope's data and message, or an HttpError with the server's message. */
  async function call<T>(method: HttpMethod, path: string, body?: unknown): Promise<Done<T>> {
    const result = await client(method, path, body);
    if (result.code !== 0) {
      const status = result.status >= 400 ? result.status : result.code;
      const message = result.status === 0 ? messages.common.errorOccurred : result.message;
      throw new HttpError(message || messages.common.errorOccurred, status, result);
    }
    return { data: result.data as T, message: result.message };
  }
  const send = async <T>(method: HttpMethod, path: string, body?: unknown) =>
    (await call<T>(method, path, body)).data;
  const get = <T>(path: string) => send<T>('GET', path);

  const records = (path: string) => () => get<RaRecord[]>(path);
  const listing = (id: Identifier) => get<CarDetail>(`car/requests/${id}`);
  const withReports = async (id: Identifier): Promise<ListingRecord> => {
    const [car, reports] = await Promise.all([listing(id), get<Report[]>(`car/reports/${id}`)]);
    return { ...car, reports };
  };
  const packages = (typeId: unknown) =>
    get<RaRecord[]>(`payment/packages/${Number(typeId) === 1 ? 'company' : 'individual'}`);

  const resources: Record<string, Endpoints> = {
    'admin-menu': { list: records('configuration/menu/admin') },
    'approve-listings': { list: records('car/requests'), one: listing },
    'denied-listings': { list: records('car/requests/denied'), one: listing },
    'edited-listings': {
      list: records('cars/edit/all'),
      one: (id) => get<EditRecord>(`car/edit/${id}`),
    },
    'reported-listings': { list: records('cars/reported'), one: withReports },
    'suspended-listings': { list: records('cars/suspended'), one: withReports },
    'active-listings': { list: records('cars/active') },
    'featured-listings': {
      list: records('cars/top-spotted'),
      create: async (data) => {
        await send('PUT', `cars/top-spotted/add/${String(data.id)}`);
        return data as RaRecord;
      },
      remove: async (id, previous) => {
        await send('PUT', `cars/top-spotted/remove/${id}`);
        return previous ?? { id };
      },
    },
    'home-listings': {
      list: async ({ pagination }) => {
        const { cars } = await send<{ cars: { cars: CarCard[]; totalCount: number } }>(
          'POST',
          'cars',
          { pageNumber: pagination?.page ?? 1, pageSize: pagination?.perPage ?? limits.pageSize },
        );
        return { data: cars.cars, total: cars.totalCount };
      },
    },
    configuration: {
      one: async (id) => ({ ...(await get<Data>('configuration')), id }),
      update: async (id, data) => ({
        ...(await send<Data>('POST', 'configuration/update', withoutId(data))),
        id,
      }),
    },
    'payment-packages': {
      consumes: ['typeId'],
      list: async ({ filter }) =>
        present(filter?.typeId)
          ? packages(filter.typeId)
          : [...(await packages(2)), ...(await packages(1))],
      create: (data) => send<RaRecord>('POST', 'payment/packages/add', withoutId(data)),
      update: (id, data) => send<RaRecord>('POST', 'payment/packages/update', { ...data, id }),
      remove: async (id, previous) => {
        await send('DELETE', `payment/packages/remove/${id}`);
        return previous ?? { id };
      },
    },
    transactions: {
      consumes: ['type'],
      list: async ({ filter, pagination }) => {
        const page = pagination ?? { page: 1, perPage: 500 };
        const base = present(filter?.type)
          ? `payment/transactions/type/${String(filter.type)}`
          : 'payment/transactions/all';
        const result = await get<{ transactions: Transaction[]; totalCount: number }>(
          `${base}?pageNumber=${page.page}&pageSize=${page.perPage}`,
        );
        return { data: result.transactions, total: result.totalCount };
      },
    },
    users: { list: records('user/all'), one: (id) => get<User>(`user/${id}`) },
    messages: {
      list: () => send<RaRecord[]>('POST', 'contact/messages'),
      update: (id, data, previous) =>
        send<RaRecord>('POST', 'contact/reply', {
          messageId: id,
          messageEmail: data.email ?? previous?.email ?? null,
          text: data.replyMessage,
        }),
    },
    notifications: {
      create: async (data) => {
        const payload = {
          typeId: 1,
          title: data.title,
          message: data.message,
          mailMessage: data.mailMessage ?? data.message,
          allUsers: true,
          topic: 'general',
        };
        const sent = await send<{ recipients: number }>('POST', 'notifications/send', payload);
        return { ...payload, ...sent, id: Date.now() };
      },
    },
    ads: {
      list: records('ad/all'),
      one: (id) => get<RaRecord>(`ad/${id}`),
      create: (data) => send<RaRecord>('POST', 'ad/add', withoutId(data)),
      update: (id, data) => send<RaRecord>('POST', 'ad/update', { ...data, id }),
    },
    vouchers: {
      list: records('voucher/active'),
      create: (data) =>
        send<RaRecord>('POST', 'voucher/add', {
          credits: data.credits,
          daysActive: data.daysActive,
        }),
      remove: async (id, previous) => {
        await send('PUT', `voucher/deactivate/${id}`);
        return previous ?? { id };
      },
    },
    makes: {
      list: records('cars/brands'),
      create: (data) => send<RaRecord>('POST', 'cars/brands/add', { name: data.name }),
    },
    models: {
      consumes: ['makeId'],
      list: async ({ filter }) =>
        present(filter?.makeId)
          ? get<RaRecord[]>(`cars/brands/${String(filter.makeId)}/models`)
          : [],
      create: (data) =>
        send<RaRecord>('POST', 'cars/models/add', { brandId: data.brandId, name: data.name }),
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

  async function list(resource: string, params: GetListParams) {
    const answer = await endpoint(resource, 'list', 'getList')(params);
    if (!Array.isArray(answer)) return answer;
    return applyListParams(answer, params, resources[resource]?.consumes);
  }

  /** A record by id from the resource's own call, or else from its list. */
  async function one(resource: string, id: Identifier) {
    const own = resources[resource]?.one;
    if (own) return own(id);
    const { data } = await list(resource, { filter: {} });
    const found = data.find((r) => String(r.id) === String(id));
    if (!found) throw new HttpError('Not found', 404, null);
    return found;
  }

  const unsupported = (name: string, resource: string) =>
    Promise.reject(new Error(`The back-office API has no ${name} for "${resource}"`));

  const act = (method: HttpMethod, path: string, body?: unknown) => call<null>(method, path, body);

  return {
    getList: async <R extends RaRecord>(resource: string, params: GetListParams) =>
      (await list(resource, params)) as GetListResult<R>,
    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams) =>
      ({ data: await one(resource, params.id) }) as GetOneResult<R>,
    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams) => {
      const { data } = await list(resource, { filter: {} });
      const wanted = params.ids.map(String);
      return { data: data.filter((r) => wanted.includes(String(r.id))) } as GetManyResult<R>;
    },
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

    approveRequest: (id) => act('POST', `cars/requests/approve/${id}`),
    denyRequest: (id, message) => act('POST', 'cars/request/deny', { id, message }),
    approveEdit: (id) => act('POST', `cars/edit/approve/${id}`),
    denyEdit: (id, message) => act('POST', 'cars/edit/deny', { id, message }),
    suspend: (id) => act('POST', `cars/suspend/${id}`),
    activate: (id) => act('POST', `cars/activate/${id}`),
    dismissReports: (id) => act('POST', `car/${id}/report/delete`),
    deactivateAd: (id) => call<RaRecord>('PUT', `ad/deactivate/${id}`),
    activateAd: (id) => call<RaRecord>('POST', 'ad/activate', { id }),
    userDetails: async (id) => {
      const user = await get<User>(`user/${id}`);
      const part = async <T>(load: Promise<T>, what: string): Promise<T | null> => {
        try {
          return await load;
        } catch (error) {
          console.error(`Could not load the user's ${what}`, error);
          return null;
        }
      };
      const [transactions, subscriptions, listings, balance] = await Promise.all([
        part(
          send<{ transactions: Transaction[] }>('POST', `payment/transactions/${id}`, {
            pageNumber: 1,
            pageSize: 500,
          }).then((d) => d.transactions),
          'transactions',
        ),
        part(
          send<Subscription[]>('POST', `subscription/user/${id}`, { filterType: null }),
          'subscriptions',
        ),
        part(
          send<{ cars: CarCard[] }>('POST', `cars/listings/user/${id}`, {
            pageNumber: 1,
            pageSize: limits.pageSize,
            stateFilter: null,
          }).then((d) => d.cars),
          'listings',
        ),
        part(
          get<{ balance: number }>(`user/balance/${id}`).then((d) => d.balance),
          'balance',
        ),
      ]);
      return { user, transactions, subscriptions, listings, balance };
    },
  };
}

export const dataProvider = createDataProvider();
