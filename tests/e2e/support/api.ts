import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createApiClient, type ApiResult } from '#shared/api/client.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { adminSessionFile, e2eAdmin } from '../../../playwright.config.ts';

export type { Session };

/**
 * What the browser journeys share: calls to the API as a client makes them, fresh accounts and
 * sessions. Journeys share one server and data folder, so every account a journey creates has a
 * unique email and no journey assumes counts another journey may change.
 */

export const PASSWORD = 'Spotted2026';
/** The phone number of every account newUser creates. */
export const PHONE = '79111222';

let sequence = 0;
/** A value no other journey (nor an earlier run against the same data) has used. */
export const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** What a journey's page stores of a session (the site's localStorage keys). */
export type StoredSession = Pick<
  Session,
  'userId' | 'roleId' | 'email' | 'accessToken' | 'refreshToken'
>;

/**
 * The typed client of shared/api over the journey's request context (its base URL), as the
 * holder of `session` (none: a visitor).
 */
export function apiOf(request: APIRequestContext, session?: Pick<Session, 'accessToken'>) {
  return createApiClient({
    // Only the path and query reach the context, which adds its own base URL.
    baseUrl: 'http://e2e.invalid',
    token: session?.accessToken,
    fetch: async (sent) => {
      const url = new URL(sent.url);
      const body = await sent.text();
      const res = await request.fetch(url.pathname + url.search, {
        method: sent.method,
        headers: Object.fromEntries(sent.headers),
        data: body || undefined,
      });
      return new Response(new Uint8Array(await res.body()), {
        status: res.status(),
        headers: res.headers(),
      });
    },
  });
}

/** The data of a call that must succeed; otherwise the journey fails with the API's message. */
export async function ok<T>(pending: Promise<ApiResult<T>>): Promise<T> {
  const res = await pending;
  expect(res.code, res.message).toBe(0);
  return res.data;
}

/** A top-up of the first package on offer to `user`, its sandbox checkout open and not yet paid. */
export async function openCheckout(
  request: APIRequestContext,
  user: Pick<Session, 'accessToken' | 'userId'>,
) {
  const api = apiOf(request, user);
  const [pack] = await ok(api.call((r) => r.payment.packages.$get()));
  const json = { userId: user.userId, paymentId: pack!.id };
  return { pack: pack!, ...(await ok(api.call((r) => r.payment.create.$post({ json })))) };
}

export async function logInByApi(request: APIRequestContext, email: string, password: string) {
  const res = await apiOf(request).call((r) => r.user.login.$post({ json: { email, password } }));
  expect(res.code, res.message).toBe(0);
  return res.data;
}

let savedAdmin: Promise<Session> | undefined;

/**
 * The administrator's session the setup project saved for the run (a journey that logs the
 * administrator out logs in on its own instead). Without it, as when the setup project was left
 * out, the administrator logs in through the API.
 */
export function adminSession(request: APIRequestContext): Promise<Session> {
  savedAdmin ??= readFile(adminSessionFile, 'utf8').then(
    (text) => JSON.parse(text) as Session,
    () => logInByApi(request, e2eAdmin.email, e2eAdmin.password),
  );
  return savedAdmin;
}

/** A new personal account, logged in. */
export async function newUser(request: APIRequestContext, firstName = 'Fresh') {
  const email = `${firstName.toLowerCase()}.${unique()}@example.mt`;
  const res = await apiOf(request).call((r) =>
    r.user.register.private.$post({
      json: {
        firstName,
        lastName: 'Tester',
        email,
        phone: PHONE,
        city: 'Birkirkara',
        password: PASSWORD,
      },
    }),
  );
  expect(res.code, res.message).toBe(0);
  return logInByApi(request, email, PASSWORD);
}

/**
 * The page starts logged in as `session`, as if the user had logged in on the site: before every
 * page load, or with `once` only before the first (a journey that logs out must stay logged out).
 */
export async function useSession(page: Page, session: StoredSession, { once = false } = {}) {
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
  const config = await apiOf(request).call((r) => r.configuration.$get());
  expect(config.code, config.message).toBe(0);
  const { listingTypes, ...current } = config.data;
  const admin = apiOf(request, await adminSession(request));
  const res = await admin.call((r) =>
    r.configuration.update.$post({
      json: {
        ...current,
        ...links,
        listingTypes: listingTypes.map(({ id, price }) => ({ id, price })),
      },
    }),
  );
  expect(res.code, res.message).toBe(0);
}
