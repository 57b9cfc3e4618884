import type { SessionStore } from '#shared/api/client.ts';
import type { Session } from '#shared/schemas/auth.ts';

/** The keys the session lives under in localStorage (the spec's stored keys). */
export const keys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  roleId: 'roleId',
  email: 'email',
  cookiesAccepted: 'cookiesAccepted',
} as const;

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

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
    roleId: [1, 2, 3].includes(role) ? role : 0,
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
  document.documentElement.dataset.auth = 'in';
}

/** Sent on window when the session is cleared (logout, or a 401 the refresh could not cure). */
export const SESSION_CLEARED = 'spotted:session-cleared';

export function clearSession() {
  const s = storage();
  if (!s) return;
  for (const key of [keys.accessToken, keys.refreshToken, keys.userId, keys.roleId, keys.email])
    s.removeItem(key);
  document.documentElement.dataset.auth = 'out';
  window.dispatchEvent(new Event(SESSION_CLEARED));
}

/** Logged in means an access token is stored (the spec's rule). */
export const isLoggedIn = () => Boolean(storage()?.getItem(keys.accessToken));

export const sessionStore: SessionStore = {
  get: readSession,
  set: writeSession,
  clear: clearSession,
};
