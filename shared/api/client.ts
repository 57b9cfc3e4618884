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
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** What every call answers: the envelope, with the HTTP status (0 when nothing came back). */
export type ApiResult<T> = Envelope<T> & { status: number };

const TRANSPORT_FAILURE = 'An error occurred';

/**
 * The typed API client. Every call answers the envelope, never throws for an HTTP or network
 * failure, and on a 401 tries one silent refresh (when a user id is stored) before passing the
 * failure on; a failed refresh clears the session.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const base = `${options.baseUrl ?? ''}/api/`;
  const send = options.fetch ?? ((request: Request) => fetch(request));
  let refreshing: Promise<boolean> | null = null;

  function build(method: string, path: string, body: unknown, token?: string): Request {
    const headers = new Headers({ accept: 'application/json' });
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    return new Request(base + path.replace(/^\//, ''), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function once<T>(method: string, path: string, body: unknown, anonymous = false) {
    const token = anonymous ? undefined : options.session?.get()?.accessToken;
    let response: Response;
    try {
      response = await send(build(method, path, body, token));
    } catch (err) {
      return {
        status: 0,
        envelope: failure<T>(0, err instanceof Error ? err.message : TRANSPORT_FAILURE),
      };
    }
    try {
      return { status: response.status, envelope: (await response.json()) as Envelope<T> };
    } catch {
      return {
        status: response.status,
        envelope: failure<T>(response.status || 500, TRANSPORT_FAILURE),
      };
    }
  }

  async function refresh(): Promise<boolean> {
    const session = options.session?.get();
    if (!session?.userId || !session.refreshToken) return false;
    const sent = session.refreshToken;
    // Judged by the refresh token alone: the expired access token is not sent along.
    const { envelope } = await once<Session>(
      'POST',
      'user/refresh',
      { id: session.userId, refreshToken: session.refreshToken },
      true,
    );
    if (envelope.code === 0 && envelope.data) {
      options.session?.set({ ...envelope.data, email: envelope.data.email || session.email });
      return true;
    }
    // Another tab refreshed with the same token meanwhile: its new session is the stored one.
    const stored = options.session?.get();
    if (stored?.refreshToken && stored.refreshToken !== sent) return true;
    options.session?.clear();
    return false;
  }

  const refreshOnce = () => {
    refreshing ??= refresh().finally(() => (refreshing = null));
    return refreshing;
  };

  async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const session = options.session?.get();
    // An access token known to be expired is renewed first rather than refused by the server.
    if (session?.userId && isExpired(session.accessToken)) await refreshOnce();
    let result = await once<T>(method, path, body);
    if (result.status === 401 && options.session?.get()?.userId) {
      if (await refreshOnce()) result = await once<T>(method, path, body);
    }
    return { ...result.envelope, status: result.status };
  }

  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
    put: <T>(path: string, body?: unknown) => call<T>('PUT', path, body),
    delete: <T>(path: string) => call<T>('DELETE', path),
  };
}

/** Seconds of clock difference between browser and server that still count a token as valid. */
const CLOCK_SKEW_S = 5;

/** Whether a JWT's `exp` has passed; an unreadable token is left for the server to judge. */
export function isExpired(token: string, nowMs = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp + CLOCK_SKEW_S <= nowMs / 1000;
  } catch {
    return false;
  }
}

function failure<T>(code: number, message: string): Envelope<T> {
  return { code: code || 500, message, data: null as T };
}
