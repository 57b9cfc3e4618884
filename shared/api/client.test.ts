import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../schemas/auth.ts';
import { createApiClient, isExpired, type SessionStore } from './client.ts';

const jwt = (exp: number) =>
  ['e30', btoa(JSON.stringify({ exp })).replace(/=+$/, ''), 'signature'].join('.');
const nowS = () => Math.floor(Date.now() / 1000);

function memoryStore(session: Session | null): SessionStore & { current: Session | null } {
  const store = {
    current: session,
    get: () => store.current,
    set: (next: Session) => void (store.current = next),
    clear: () => void (store.current = null),
  };
  return store;
}

const session = (accessToken: string, refreshToken = 'r1'): Session => ({
  userId: 7,
  roleId: 2,
  email: 'a@b.mt',
  accessToken,
  refreshToken,
  accessTokenExpiresAt: '',
});

const ok = (data: unknown) => Response.json({ code: 0, message: '', data });
const refused = () =>
  Response.json({ code: 401, message: 'Session expired', data: null }, { status: 401 });

describe('isExpired', () => {
  it('reads the exp claim, and leaves an unreadable token to the server', () => {
    expect(isExpired(jwt(nowS() - 60))).toBe(true);
    expect(isExpired(jwt(nowS() + 60))).toBe(false);
    expect(isExpired('not-a-jwt')).toBe(false);
  });
});

describe('silent refresh', () => {
  afterEach(() => void vi.useRealTimers());

  it('renews an expired access token before the call, sending no bearer with the refresh', async () => {
    const fresh = jwt(nowS() + 900);
    const store = memoryStore(session(jwt(nowS() - 60)));
    const seen: { path: string; auth: string | null }[] = [];
    const api = createApiClient({
      baseUrl: 'http://spotted.test',
      session: store,
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        seen.push({ path, auth: request.headers.get('authorization') });
        if (path === '/api/user/refresh') return ok(session(fresh, 'r2'));
        return ok({ id: 7 });
      },
    });
    expect((await api.call((r) => r.user[':id'].$get({ param: { id: '7' } }))).code).toBe(0);
    expect(seen).toEqual([
      { path: '/api/user/refresh', auth: null },
      { path: '/api/user/7', auth: `Bearer ${fresh}` },
    ]);
    expect(store.current?.refreshToken).toBe('r2');
  });

  it('refreshes once on a 401 and repeats the call with the new token', async () => {
    const fresh = jwt(nowS() + 900);
    const store = memoryStore(session(jwt(nowS() + 300)));
    let calls = 0;
    const api = createApiClient({
      baseUrl: 'http://spotted.test',
      session: store,
      fetch: async (request) => {
        if (request.url.endsWith('/user/refresh')) return ok(session(fresh, 'r2'));
        calls += 1;
        return request.headers.get('authorization') === `Bearer ${fresh}` ? ok({}) : refused();
      },
    });
    expect((await api.call((r) => r.user[':id'].$get({ param: { id: '7' } }))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('clears the session when the refresh token is refused and no other tab renews it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = memoryStore(session(jwt(nowS() - 60)));
    const api = createApiClient({
      baseUrl: 'http://spotted.test',
      session: store,
      fetch: async () => refused(),
    });
    const pending = api.call((r) => r.user[':id'].$get({ param: { id: '7' } }));
    await vi.advanceTimersByTimeAsync(1900);
    expect(store.current).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).status).toBe(401);
    expect(store.current).toBeNull();
  });

  it('keeps the session a racing client stores after this one was refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stale = jwt(nowS() + 300);
    const fresh = jwt(nowS() + 900);
    const store = memoryStore(session(stale));
    let clears = 0;
    const clear = store.clear;
    store.clear = () => void ((clears += 1), clear());
    // The server rotates r1 once: the first refresh wins but answers late, the second is refused.
    let refreshes = 0;
    const seen: (string | null)[] = [];
    const server = async (request: Request) => {
      if (request.url.endsWith('/user/refresh')) {
        refreshes += 1;
        if (refreshes > 1) return refused();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return ok(session(fresh, 'r2'));
      }
      seen.push(request.headers.get('authorization'));
      return request.headers.get('authorization') === `Bearer ${fresh}` ? ok({}) : refused();
    };
    const clients = [1, 2].map(() =>
      createApiClient({ baseUrl: 'http://spotted.test', session: store, fetch: server }),
    );
    const results = Promise.all(
      clients.map((api) => api.call((r) => r.user[':id'].$get({ param: { id: '7' } }))),
    );
    await vi.advanceTimersByTimeAsync(600);
    expect((await results).map((res) => res.status)).toEqual([200, 200]);
    expect(refreshes).toBe(2);
    expect(seen).toEqual([
      `Bearer ${stale}`,
      `Bearer ${stale}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect(clears).toBe(0);
    expect(store.current?.refreshToken).toBe('r2');
  });

  it('keeps the session another tab renewed while this one was refused', async () => {
    const store = memoryStore(session(jwt(nowS() - 60)));
    const otherTab = session(jwt(nowS() + 900), 'r-other');
    const api = createApiClient({
      baseUrl: 'http://spotted.test',
      session: store,
      fetch: async (request) => {
        if (request.url.endsWith('/user/refresh')) {
          store.current = otherTab;
          return refused();
        }
        return ok({});
      },
    });
    expect((await api.call((r) => r.user[':id'].$get({ param: { id: '7' } }))).code).toBe(0);
    expect(store.current).toEqual(otherTab);
  });
});

describe('a fixed token', () => {
  it('is sent as the bearer, and a 401 passes on without a refresh', async () => {
    const seen: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://spotted.test',
      token: 'fixed',
      fetch: async (request) => {
        seen.push(`${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
        return refused();
      },
    });
    const res = await api.call((r) => r.user[':id'].$get({ param: { id: '7' } }));
    expect(res).toMatchObject({ status: 401, message: 'Session expired' });
    expect(seen).toEqual(['/api/user/7 Bearer fixed']);
  });
});
