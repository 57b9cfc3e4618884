import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../../playwright.config.ts';

/**
 * What the browser journeys share: calls to the API as a client makes them, fresh accounts and
 * sessions. Journeys share one server and data folder, so every account a journey creates has a
 * unique email and no journey assumes counts another journey may change.
 */

export const PASSWORD = 'Spotted2026';
/** The phone number of every account newUser creates. */
export const PHONE = '79111222';

export interface Session {
  userId: number;
  roleId: number;
  email: string;
  accessToken: string;
  refreshToken: string;
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

let sequence = 0;
/** A value no other journey (nor an earlier run against the same data) has used. */
export const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const bearer = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

/** One API call; the envelope as the client receives it, whatever the HTTP status. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  session?: Session,
  data?: unknown,
): Promise<Envelope<T>> {
  const res = await request.fetch(`/api/${path}`, {
    method,
    headers: session ? bearer(session) : {},
    data,
  });
  return (await res.json()) as Envelope<T>;
}

/** A call that must succeed: its data. */
export async function callOk<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  session?: Session,
  data?: unknown,
): Promise<T> {
  const res = await call<T>(request, method, path, session, data);
  expect(res.code, `${method} ${path}: ${res.message}`).toBe(0);
  return res.data;
}

export async function logInByApi(request: APIRequestContext, email: string, password: string) {
  const res = await call<Session>(request, 'POST', 'user/login', undefined, { email, password });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

export const adminSession = (request: APIRequestContext) =>
  logInByApi(request, e2eAdmin.email, e2eAdmin.password);

/** A new personal account, logged in. */
export async function newUser(request: APIRequestContext, firstName = 'Fresh') {
  const email = `${firstName.toLowerCase()}.${unique()}@example.mt`;
  const res = await call(request, 'POST', 'user/register/private', undefined, {
    firstName,
    lastName: 'Tester',
    email,
    phone: PHONE,
    city: 'Birkirkara',
    password: PASSWORD,
  });
  expect(res.code, res.message).toBe(0);
  return logInByApi(request, email, PASSWORD);
}

/**
 * The page starts logged in as `session`, as if the user had logged in on the site: before every
 * page load, or with `once` only before the first (a journey that logs out must stay logged out).
 */
export async function useSession(page: Page, session: Session, { once = false } = {}) {
  await page.addInitScript(
    ({ s, once }) => {
      if (once && sessionStorage.getItem('e2e.sessionStored')) return;
      sessionStorage.setItem('e2e.sessionStored', 'true');
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('userId', String(s.userId));
      localStorage.setItem('roleId', String(s.roleId));
      localStorage.setItem('email', s.email);
    },
    { s: session, once },
  );
}

/** The cookie and 'Get the app' banners stay out of the way of a journey about something else. */
export async function dismissBanners(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
}

export const STORE_LINKS = {
  appStoreUrl: 'https://apps.apple.com/mt/app/spotted-malta/id6446112233',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=mt.spotted.android',
};

/** Sets the configuration's store links ('' for none), as an administrator would. */
export async function setStoreLinks(
  request: APIRequestContext,
  links: { appStoreUrl: string; playStoreUrl: string } = STORE_LINKS,
) {
  const { listingTypes, ...current } = await callOk<
    Record<string, unknown> & { listingTypes: { id: number; price: number }[] }
  >(request, 'GET', 'configuration');
  await callOk(request, 'POST', 'configuration/update', await adminSession(request), {
    ...current,
    ...links,
    listingTypes: listingTypes.map(({ id, price }) => ({ id, price })),
  });
}
