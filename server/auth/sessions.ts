import { addMilliseconds } from 'date-fns/addMilliseconds';
import { milliseconds } from 'date-fns/milliseconds';
import { and, eq, isNull } from 'drizzle-orm';
import type { Session } from '#shared/schemas/auth.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { unauthorized } from '../http/errors.ts';
import { newRefreshToken, newSessionFamily, sha256, signAccessToken } from './tokens.ts';

interface SessionUser {
  id: number;
  roleId: number;
  email: string;
}

/** Opens a session (a new refresh-token family) or continues `family` with a fresh token. */
export async function issueSession(
  deps: Deps,
  user: SessionUser,
  family: string = newSessionFamily(),
): Promise<Session> {
  const refresh = newRefreshToken();
  const expiresAt = addMilliseconds(
    new Date(),
    milliseconds({ days: deps.config.REFRESH_TOKEN_DAYS }),
  );
  await deps.db
    .insert(sessions)
    .values({ userId: user.id, familyId: family, tokenHash: refresh.hash, expiresAt });
  const access = await signAccessToken(
    deps.jwtKey,
    { userId: user.id, roleId: user.roleId, email: user.email, sessionFamily: family },
    deps.config.ACCESS_TOKEN_MINUTES,
  );
  return {
    userId: user.id,
    roleId: user.roleId,
    email: user.email,
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
  };
}

/**
 * The reuse interval. A token swapped less than this long ago is swapped again: two tabs refreshing
 * with the token they share, or a page left before its refresh answered (the new pair lost with it),
 * followed by the next page's refresh with the same token. Each gets a token of the same family.
 */
const REUSE_INTERVAL_MS = 10_000;

/**
 * Swaps a refresh token for a new session. Each token works once, or again within the reuse
 * interval: presenting one that was swapped longer ago means it leaked, so its whole family is
 * revoked and every holder must log in again.
 */
export async function rotate(
  deps: Deps,
  userId: number,
  token: string,
  user: (id: number) => Promise<SessionUser | null>,
) {
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)))
      .for('update');
    if (!row || row.userId !== userId) return { ok: false as const, reason: 'unknown' };
    if (row.revokedAt || row.expiresAt < new Date()) return { ok: false as const, reason: 'ended' };
    if (row.rotatedAt) {
      if (Date.now() - row.rotatedAt.getTime() < REUSE_INTERVAL_MS)
        return { ok: true as const, family: row.familyId };
      await revokeFamily(tx, row.familyId);
      return { ok: false as const, reason: 'reused' };
    }
    await tx.update(sessions).set({ rotatedAt: new Date() }).where(eq(sessions.id, row.id));
    return { ok: true as const, family: row.familyId };
  });
  if (!claimed.ok) throw unauthorized('Session expired');
  const owner = await user(userId);
  if (!owner) throw unauthorized('Session expired');
  return issueSession(deps, owner, claimed.family);
}

export async function revokeFamily(db: Db, family: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, family), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `keepFamily`. */
export async function revokeAllSessions(db: Db, userId: number, keepFamily?: string) {
  const open = await db
    .select({ family: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const family of new Set(open.map((s) => s.family))) {
    if (family !== keepFamily) await revokeFamily(db, family);
  }
}
