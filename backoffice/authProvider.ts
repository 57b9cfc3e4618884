/**
 * The back-office auth provider. The session is the product's localStorage session (shared/session.ts);
 * the server decides who is an admin. The login screen (/admin-login) and the public site live
 * outside the react-admin router (basename /admin), so every redirect here is an absolute URL,
 * which react-admin follows with a full page load.
 *
 *   login          POST user/login {email, password}; stores the session, or answers the
 *                  challenge of a second factor ({secondFactor}) without one;
 *                  {challengeToken, code}: POST user/login/code, then stores the session
 *   logout         PUT user/logout/{userId} (best effort), clears the session, then /
 *   checkAuth      a stored session, else /admin-login
 *   checkError     401 -> logout and /admin-login; 403 -> / (the session stays: a seller is
 *                  still logged in on the site)
 *   getIdentity    the stored user id and email
 */
import { HttpError, type AuthProvider } from 'react-admin';
import type { ApiClient, SessionStore } from '#shared/api/client.ts';
import { messages } from '#shared/messages.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { needsSecondFactor, type LoginChallenge } from '#shared/schemas/two-factor.ts';
import { api } from './httpClient.ts';
import { isAdmin, sessionStore } from '#shared/session.ts';

export const ADMIN_LOGIN_PATH = '/admin-login';
export const ADMIN_ROOT_PATH = '/admin';
export const SITE_ROOT_PATH = '/';

/** Where someone goes after logging in: admins to the panel, everyone else to the site. */
export const homeOf = (session: Pick<Session, 'roleId'>) =>
  isAdmin(session) ? ADMIN_ROOT_PATH : SITE_ROOT_PATH;

/**
 * Where the panel sends a visitor before it renders: nobody logged in to the login screen,
 * a non-admin to the site; null lets an admin in (the server still checks every call).
 */
export function entryRedirect(session: Session | null): string | null {
  if (!session) return ADMIN_LOGIN_PATH;
  return isAdmin(session) ? null : SITE_ROOT_PATH;
}

/** The password step's credentials, or the code step's challenge and code. */
export type LoginParams =
  { email: string; password: string } | { challengeToken: string; code: string };

/**
 * Where the login leads: the panel or the site (with the recovery codes, shown once, when the
 * login set two-factor login up), or the second factor the login still needs.
 */
export type LoginOutcome =
  { redirectTo: string; recoveryCodes?: string[] } | { secondFactor: LoginChallenge };

/** react-admin's provider, whose login also takes the code step and says where it leads. */
export type SpottedAuthProvider = {
  login(params: LoginParams): Promise<LoginOutcome>;
} & AuthProvider;

const failed = (result: { code: number; message: string; status: number }) =>
  new HttpError(
    result.message || messages.common.errorOccurred,
    result.status || result.code,
    result,
  );

interface Options {
  client?: ApiClient;
  session?: SessionStore;
  /** The page's origin, for the absolute redirects. */
  origin?: () => string;
}

export function createAuthProvider({
  client = api,
  session = sessionStore,
  origin = () => window.location.origin,
}: Options = {}): SpottedAuthProvider {
  const absolute = (path: string) => new URL(path, origin()).href;
  /**
   * Set by logout, which always leaves the page: calls failing meanwhile (react-admin refetches
   * after clearing its cache, now without a token) must not start a second, competing redirect.
   */
  let leaving = false;

  return {
    async login(params: LoginParams): Promise<LoginOutcome> {
      if ('challengeToken' in params) {
        const result = await client.call((r) => r.user.login.code.$post({ json: params }));
        if (result.code !== 0) throw failed(result);
        const { recoveryCodes, ...data } = result.data;
        session.set(data);
        return { redirectTo: absolute(homeOf(data)), recoveryCodes };
      }
      const { email, password } = params;
      const result = await client.call((r) => r.user.login.$post({ json: { email, password } }));
      if (result.code !== 0) throw failed(result);
      const { data } = result;
      if (needsSecondFactor(data)) return { secondFactor: data };
      session.set({ ...data, email: data.email || email });
      return { redirectTo: absolute(homeOf(data)) };
    },

    async logout() {
      leaving = true;
      const current = session.get();
      if (current) {
        try {
          await client.call((r) =>
            r.user.logout[':id'].$put({ param: { id: String(current.userId) } }),
          );
        } catch {
          // The stored session goes anyway; the server's copy expires on its own.
        }
      }
      session.clear();
      return absolute(SITE_ROOT_PATH);
    },

    async checkAuth() {
      if (!session.get() && !leaving) {
        throw { redirectTo: absolute(ADMIN_LOGIN_PATH), message: false };
      }
    },

    async checkError(error: { status?: number } | undefined) {
      if (leaving) return;
      if (error?.status === 401) {
        throw { redirectTo: absolute(ADMIN_LOGIN_PATH), message: false };
      }
      if (error?.status === 403) {
        throw { redirectTo: absolute(SITE_ROOT_PATH), logoutUser: false, message: false };
      }
    },

    async getIdentity() {
      const current = session.get();
      if (!current) throw new Error('Not logged in');
      return { id: current.userId, fullName: current.email };
    },

    async getPermissions() {
      return session.get()?.roleId ?? null;
    },
  };
}

export const authProvider = createAuthProvider();
