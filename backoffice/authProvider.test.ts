import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '#shared/api/client.ts';
import type { Session } from '#shared/schemas/auth.ts';
import {
  createAuthProvider,
  entryRedirect,
  homeOf,
  type SpottedAuthProvider,
} from './authProvider.ts';
import { mockApi, through } from './apiMock.ts';

const admin: Session = {
  userId: 1,
  roleId: 1,
  email: 'admin@spotted.test',
  accessToken: 'access',
  refreshToken: 'refresh',
  accessTokenExpiresAt: '',
};

function memoryStore(initial: Session | null = null): SessionStore & { value: Session | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (s: Session) => void (store.value = s),
    clear: () => void (store.value = null),
  };
  return store;
}

let client: ReturnType<typeof mockApi>;
let session: ReturnType<typeof memoryStore>;
let provider: SpottedAuthProvider;

beforeEach(() => {
  client = mockApi(async () => ({ code: 0, message: '', data: null, status: 200 }));
  session = memoryStore();
  provider = createAuthProvider({
    client: through(client),
    session,
    origin: () => 'http://spotted.test',
  });
});

describe('login', () => {
  it('posts the credentials, stores the session and sends an admin to /admin', async () => {
    client.mockResolvedValueOnce({ code: 0, message: '', data: admin, status: 200 });
    const result = await provider.login({ email: 'admin@spotted.test', password: 'pw' });
    expect(client).toHaveBeenCalledWith('POST', 'user/login', {
      email: 'admin@spotted.test',
      password: 'pw',
    });
    expect(session.value).toEqual(admin);
    expect(result).toEqual({ redirectTo: 'http://spotted.test/admin' });
  });

  it('sends any other role to the site', async () => {
    const seller = { ...admin, roleId: 2, email: '' };
    client.mockResolvedValueOnce({ code: 0, message: '', data: seller, status: 200 });
    const result = await provider.login({ email: 'seller@x.mt', password: 'pw' });
    expect(result).toEqual({ redirectTo: 'http://spotted.test/' });
    expect(session.value?.email).toBe('seller@x.mt');
  });

  it('rejects with the status and the server message', async () => {
    client.mockResolvedValueOnce({
      code: 401,
      message: 'Invalid credentials',
      data: null,
      status: 401,
    });
    await expect(provider.login({ email: 'a@b.mt', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid credentials',
    });
    expect(session.value).toBeNull();
  });

  it('answers the challenge of a second factor without storing a session', async () => {
    const challenge = {
      twoFactor: 'code',
      challengeToken: 'challenge',
      challengeExpiresAt: '2030-01-01T00:00:00.000Z',
    };
    client.mockResolvedValueOnce({ code: 0, message: '', data: challenge, status: 200 });
    const result = await provider.login({ email: 'admin@spotted.test', password: 'pw' });
    expect(result).toEqual({ secondFactor: challenge });
    expect(session.value).toBeNull();
  });

  it('sends the code with the challenge, then stores the session', async () => {
    const codes = ['abcde-fghjk'];
    client.mockResolvedValueOnce({
      code: 0,
      message: '',
      data: { ...admin, recoveryCodes: codes },
      status: 200,
    });
    const result = await provider.login({ challengeToken: 'challenge', code: '123456' });
    expect(client).toHaveBeenCalledWith('POST', 'user/login/code', {
      challengeToken: 'challenge',
      code: '123456',
    });
    expect(session.value).toEqual(admin);
    expect(result).toEqual({ redirectTo: 'http://spotted.test/admin', recoveryCodes: codes });
  });

  it('rejects a refused code with the server message', async () => {
    const refused = 'The code is not right. Please try again.';
    client.mockResolvedValueOnce({ code: 401, message: refused, data: null, status: 401 });
    await expect(
      provider.login({ challengeToken: 'challenge', code: '000000' }),
    ).rejects.toMatchObject({ status: 401, message: refused });
    expect(session.value).toBeNull();
  });
});

describe('logout', () => {
  it('ends the server session, clears the stored one and goes to /', async () => {
    session.value = admin;
    expect(await provider.logout({})).toBe('http://spotted.test/');
    expect(client).toHaveBeenCalledWith('PUT', 'user/logout/1', undefined);
    expect(session.value).toBeNull();
  });

  it('clears the session even when the server cannot be reached', async () => {
    session.value = admin;
    client.mockRejectedValueOnce(new Error('offline'));
    await provider.logout({});
    expect(session.value).toBeNull();
  });

  it('lets nothing else redirect once it has started leaving the page', async () => {
    session.value = admin;
    await provider.logout({});
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 401 })).resolves.toBeUndefined();
  });

  it('makes no call without a session', async () => {
    await provider.logout({});
    expect(client).not.toHaveBeenCalled();
  });
});

describe('checkAuth and checkError', () => {
  it('lets a stored session in and sends nobody to /admin-login', async () => {
    await expect(provider.checkAuth({})).rejects.toEqual({
      redirectTo: 'http://spotted.test/admin-login',
      message: false,
    });
    session.value = admin;
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('401 logs out to /admin-login; 403 goes to / keeping the session; others pass', async () => {
    await expect(provider.checkError({ status: 401 })).rejects.toEqual({
      redirectTo: 'http://spotted.test/admin-login',
      message: false,
    });
    await expect(provider.checkError({ status: 403 })).rejects.toEqual({
      redirectTo: 'http://spotted.test/',
      logoutUser: false,
      message: false,
    });
    await expect(provider.checkError({ status: 409 })).resolves.toBeUndefined();
    await expect(provider.checkError(new Error('x'))).resolves.toBeUndefined();
  });
});

describe('identity', () => {
  it('is the stored user', async () => {
    session.value = admin;
    expect(await provider.getIdentity?.()).toEqual({ id: 1, fullName: 'admin@spotted.test' });
    expect(await provider.getPermissions?.({})).toBe(1);
  });
});

describe('entry rules', () => {
  it('sends nobody to the login screen and non-admins to the site', () => {
    expect(entryRedirect(null)).toBe('/admin-login');
    expect(entryRedirect({ ...admin, roleId: 3 })).toBe('/');
    expect(entryRedirect(admin)).toBeNull();
    expect(homeOf(admin)).toBe('/admin');
    expect(homeOf({ roleId: 2 })).toBe('/');
  });
});
