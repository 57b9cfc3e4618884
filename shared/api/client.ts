import { hc, type ClientResponse } from 'hono/client';
import { decodeJwt } from 'jose';
import type { AppType } from '../../server/app.ts';
import type { Session } from '../schemas/auth.ts';
import type { Envelope } from '../schemas/envelope.ts';

/** Where a client keeps its session (localStorage in the browser, nothing on the server). */
export interface SessionStore {
  get(): Session | null;
  set(session: Session): void;
  clear(): void;
}

export interface ApiClientOptions {
  /** Origin of the API; '' means the same origin. */
  baseUrl?: string;
  /** How requests leave: the platform fetch, or the in-process API on the server. */
  fetch?: (request: Request) => Promise<Response>;
  session?: SessionStore;
  /** A fixed access token instead of a stored session (a test's caller): nothing is refreshed. */
  token?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The API's routes under /api, as Hono's typed client names them (`routes.cars.search.$post`). */
export type ApiRoutes = ReturnType<typeof hc<AppType>>['api'];

/** What every call answers: the envelope, with the HTTP status (0 when nothing came back). */
export type ApiResult<T> = Envelope<T> & { status: number };

/** The `data` of a route's success envelope, read from the route's declared response. */
export type DataOf<R> =
  R extends ClientResponse<infer Body, infer _Status, infer _Format>
    ? Body extends { code: number; data: infer Data }
      ? Data
      : never
    : never;

const TRANSPORT_FAILURE = 'An error occurred';

/** How long a refused refresh waits for another tab's renewed session, and how often it looks. */
const ROTATION_WAIT_MS = 2000;
const ROTATION_POLL_MS = 50;

/**
 * The typed API client. `call(r => r.cars.search.$post({ json }))` sends a request named by the
 * API's own routes and answers its envelope with the HTTP status, typed by the route; it never
 * throws for an HTTP or network failure, and on a 401 tries one silent refresh (when a user id is
 * stored) before passing the failure on; a refused refresh clears the session unless another tab
 * stores a renewed one within a moment.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const send = options.fetch ?? ((request: Request) => fetch(request));
  let refreshing: Promise<boolean> | null = null;

  /** A new Request each attempt: hc's body is a string (or form), which a retry sends again. */
  const prepare = (input: RequestInfo | URL, init: RequestInit = {}, token?: string) => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    return new Request(input, { ...init, headers });
  };
  const currentToken = () => options.token ?? options.session?.get()?.accessToken;

  const plain = hc<AppType>(baseUrl, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => send(prepare(input, init)),
  }).api;

  async function refresh(): Promise<boolean> {
    const session = options.session?.get();
    if (!session?.userId || !session.refreshToken) return false;
    const sent = session.refreshToken;
    // Judged by the refresh token alone: the expired access token is not sent along.
    const { code, data } = await unwrap(
      plain.user.refresh.$post({
        json: { id: session.userId, refreshToken: session.refreshToken },
      }),
    );
    if (code === 0 && data) {
      options.session?.set({ ...data, email: data.email || session.email });
      return true;
    }
    // Another tab refreshed with the same token meanwhile: its new session is (or soon will be)
    // the stored one, since the winner's answer may arrive after our refusal.
    const renewed = () => {
      const stored = options.session?.get();
      return Boolean(stored?.refreshToken && stored.refreshToken !== sent);
    };
    if (await within(ROTATION_WAIT_MS, ROTATION_POLL_MS, renewed)) return true;
    options.session?.clear();
    return false;
  }

  const refreshOnce = () => {
    refreshing ??= refresh().finally(() => (refreshing = null));
    return refreshing;
  };

  /** Sends with the stored bearer token, renewing it first when expired and once on a 401. */
  async function authorized(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // An access token known to be expired is renewed first rather than refused by the server.
    const session = options.session?.get();
    if (session?.userId && isExpired(session.accessToken)) await refreshOnce();
    const response = await send(prepare(input, init, currentToken()));
    if (response.status !== 401 || !options.session?.get()?.userId) return response;
    return (await refreshOnce()) ? send(prepare(input, init, currentToken())) : response;
  }

  const routes: ApiRoutes = hc<AppType>(baseUrl, { fetch: authorized }).api;

  /** Sends one request named by `routes` and answers its envelope with the HTTP status. */
  const call = <R extends ClientResponse<unknown, number, string>>(
    request: (api: ApiRoutes) => Promise<R>,
  ): Promise<ApiResult<DataOf<R>>> => unwrap(Promise.resolve().then(() => request(routes)));

  return { call };
}

/** The envelope of an answer, with a failure envelope for a network error or a body not JSON. */
async function unwrap<R extends ClientResponse<unknown, number, string>>(
  pending: Promise<R>,
): Promise<ApiResult<DataOf<R>>>;
async function unwrap(pending: Promise<Response>): Promise<ApiResult<unknown>> {
  let response: Response;
  try {
    response = await pending;
  } catch (err) {
    return { ...failure(0, err instanceof Error ? err.message : TRANSPORT_FAILURE), status: 0 };
  }
  try {
    return { ...((await response.json()) as Envelope<unknown>), status: response.status };
  } catch {
    return { ...failure(response.status || 500, TRANSPORT_FAILURE), status: response.status };
  }
}

/** Whether `check` holds now or within `ms`, looked at every `every` ms. */
async function within(ms: number, every: number, check: () => boolean): Promise<boolean> {
  for (let waited = 0; !check(); waited += every) {
    if (waited >= ms) return false;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return true;
}

/** Seconds of clock difference between browser and server that still count a token as valid. */
const CLOCK_SKEW_S = 5;

/** Whether a JWT's `exp` has passed; an unreadable token is left for the server to judge. */
export function isExpired(token: string, nowMs = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp + CLOCK_SKEW_S <= nowMs / 1000;
  } catch {
    return false;
  }
}

function failure(code: number, message: string): Envelope<unknown> {
  return { code: code || 500, message, data: null };
}
