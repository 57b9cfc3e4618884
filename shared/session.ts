import type { SessionStore } from './api/client.ts';
import { roles } from './limits.ts';
import type { Session } from './schemas/auth.ts';

/**
 * The session as the whole product keeps it in the browser: the spec's localStorage keys, read and
 * written by the public site and the back-office alike, so one login serves both.
 */
export const keys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  roleId: 'roleId',
  email: 'email',
  cookiesAccepted: 'cookiesAccepted',
} as const;

const sessionKeys = [keys.accessToken, keys.refreshToken, keys.userId, keys.roleId, keys.email];

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** The page's mark for styles and before-paint scripts: `in` or `out`. */
const markAuth = (state: 'in' | 'out') => {
  if (typeof document !== 'undefined') document.documentElement.dataset.auth = state;
};

/** The stored session, or null; a role number other than 1, 2 or 3 reads as none. */
export function readSession(): Session | null {
  const s = storage();
  const accessToken = s?.getItem(keys.accessToken);
  const userId = Number(s?.getItem(keys.userId));
  if (!s || !accessToken || !Number.isInteger(userId) || userId <= 0) return null;
  const role = Number(s.getItem(keys.roleId));
  return {
    accessToken,
    refreshToken: s.getItem(keys.refreshToken) ?? '',
    userId,
    roleId: Object.values<number>(roles).includes(role) ? role : 0,
    email: s.getItem(keys.email) ?? '',
    accessTokenExpiresAt: '',
  };
}

export function writeSession(session: Session) {
  const s = storage();
  if (!s) return;
  s.setItem(keys.accessToken, session.accessToken);
  s.setItem(keys.refreshToken, session.refreshToken);
  s.setItem(keys.userId, String(session.userId));
  s.setItem(keys.roleId, String(session.roleId));
  if (session.email) s.setItem(keys.email, session.email);
  markAuth('in');
}

/** Sent on window when the session is cleared (logout, or a 401 the refresh could not cure). */
export const SESSION_CLEARED = 'spotted:session-cleared';

/** Logout and a failed refresh: every stored user datum goes. */
export function clearSession() {
  const s = storage();
  if (!s) return;
  for (const key of sessionKeys) s.removeItem(key);
  markAuth('out');
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CLEARED));
}

/** Logged in means an access token is stored (the spec's rule). */
export const isLoggedIn = () => Boolean(storage()?.getItem(keys.accessToken));

export const isAdmin = (session: Pick<Session, 'roleId'> | null) => session?.roleId === roles.admin;

export const sessionStore: SessionStore = {
  get: readSession,
  set: writeSession,
  clear: clearSession,
};
