import type { SessionStore } from '#shared/api/client.ts';
import { roles } from '#shared/limits.ts';
import type { Session } from '#shared/schemas/auth.ts';

/**
 * The session as the whole product stores it: the spec's localStorage keys, shared with the
 * public site (site/lib/session.ts), so one login serves both.
 */
const keys = ['accessToken', 'refreshToken', 'userId', 'roleId', 'email'] as const;

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

export function readSession(): Session | null {
  const s = storage();
  const accessToken = s?.getItem('accessToken');
  const userId = Number(s?.getItem('userId'));
  if (!s || !accessToken || !Number.isInteger(userId) || userId <= 0) return null;
  return {
    accessToken,
    refreshToken: s.getItem('refreshToken') ?? '',
    userId,
    roleId: Number(s.getItem('roleId')) || 0,
    email: s.getItem('email') ?? '',
    accessTokenExpiresAt: '',
  };
}

export function writeSession(session: Session) {
  const s = storage();
  if (!s) return;
  s.setItem('accessToken', session.accessToken);
  s.setItem('refreshToken', session.refreshToken);
  s.setItem('userId', String(session.userId));
  s.setItem('roleId', String(session.roleId));
  if (session.email) s.setItem('email', session.email);
}

/** Logout and a failed refresh: every stored user datum goes. */
export function clearSession() {
  const s = storage();
  for (const key of keys) s?.removeItem(key);
}

export const sessionStore: SessionStore = {
  get: readSession,
  set: writeSession,
  clear: clearSession,
};

export const isAdmin = (session: Pick<Session, 'roleId'> | null) => session?.roleId === roles.admin;
