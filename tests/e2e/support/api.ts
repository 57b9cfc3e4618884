import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createApiClient, type ApiResult } from '#shared/api/client.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { needsSecondFactor, twoFactorMessages } from '#shared/schemas/two-factor.ts';
import { adminSessionFile, e2eAdmin, e2eAuthDir } from '../../../playwright.config.ts';
import { TOTP_PERIOD_MS, totpCode } from '../../support/two-factor.ts';

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

/** Logs in through the API an account without two-factor login. */
export async function logInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const res = await apiOf(request).call((r) => r.user.login.$post({ json: { email, password } }));
  expect(res.code, res.message).toBe(0);
  if (needsSecondFactor(res.data)) throw new Error(`${email} logs in with a code: not here`);
  return res.data;
}

/** Where the setup project keeps the administrator's authenticator secret for the run. */
const adminSecretFile = `${e2eAuthDir}/admin-two-factor.json`;
const adminStepsDir = `${e2eAuthDir}/admin-code-steps`;

const adminRecoveryFile = `${e2eAuthDir}/admin-recovery-codes.json`;

/** Keeps the secret the administrator's first login set up, for the codes of later logins. */
export const saveAdminSecret = async (secret: string) => {
  await mkdir(e2eAuthDir, { recursive: true });
  await writeFile(adminSecretFile, JSON.stringify({ secret }));
};

/** Keeps the recovery codes the administrator's first login showed. */
export const saveAdminRecoveryCodes = async (codes: string[]) => {
  await mkdir(e2eAuthDir, { recursive: true });
  await writeFile(adminRecoveryFile, JSON.stringify(codes));
};

/**
 * One of the administrator's recovery codes no other login of the run has taken (claimed with a
 * file only one process can create), or null when none is left or none was kept.
 */
async function adminRecoveryCode(): Promise<string | null> {
  let codes: string[];
  try {
    codes = JSON.parse(await readFile(adminRecoveryFile, 'utf8')) as string[];
  } catch {
    return null;
  }
  await mkdir(adminStepsDir, { recursive: true });
  for (const [index, code] of codes.entries()) {
    try {
      await writeFile(`${adminStepsDir}/recovery-${index}`, '', { flag: 'wx' });
      return code;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return null;
}

/**
 * A code of the administrator's authenticator that no other login of the run uses. The server
 * takes each 30-second step once, and only steps later than the last it took, while the run's
 * two workers log the administrator in at times: a login claims the current step, or else the
 * next one (the server accepts the next period's code too), with a file only one process can
 * create, so claims go up in the order they are made. With both taken it waits for the clock's
 * next period (a code is a function of the clock, not of the page).
 */
export async function adminCode(): Promise<string> {
  const { secret } = JSON.parse(await readFile(adminSecretFile, 'utf8')) as { secret: string };
  await mkdir(adminStepsDir, { recursive: true });
  for (;;) {
    const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
    for (const step of [now, now + 1]) {
      try {
        await writeFile(`${adminStepsDir}/${step}`, '', { flag: 'wx' });
        return totpCode(secret, 0, step * TOTP_PERIOD_MS);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const next = (now + 1) * TOTP_PERIOD_MS - Date.now();
    await new Promise((resolve) => setTimeout(resolve, next + 50));
  }
}

/**
 * A code for one more login of the administrator: one of the recovery codes the setup project
 * kept, which leaves the clock's codes (each works once) to the journeys about them; with none
 * left, a code of its authenticator.
 */
export const adminLoginCode = async () => (await adminRecoveryCode()) ?? (await adminCode());

/**
 * A new session of the configured administrator: the password, then `adminLoginCode` (the
 * authenticator set up by the setup project, or by this login when it is the run's first).
 */
export async function logInAdminByApi(request: APIRequestContext): Promise<Session> {
  const api = apiOf(request);
  const res = await api.call((r) => r.user.login.$post({ json: e2eAdmin }));
  expect(res.code, res.message).toBe(0);
  if (!needsSecondFactor(res.data)) throw new Error('the administrator logged in without a code');
  // The first login of a run without the setup project sets two-factor login up.
  if (res.data.enrolment) await saveAdminSecret(res.data.enrolment.secret);
  const { challengeToken } = res.data;
  const send = async () => {
    const code = await adminLoginCode();
    return api.call((r) => r.user.login.code.$post({ json: { challengeToken, code } }));
  };
  let done = await send();
  // Two claims made together may reach the server in the other order: the later step wins.
  if (done.message === twoFactorMessages.codeUsed) done = await send();
  expect(done.code, done.message).toBe(0);
  const { recoveryCodes: _none, ...session } = done.data;
  return session;
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
    () => logInAdminByApi(request),
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
