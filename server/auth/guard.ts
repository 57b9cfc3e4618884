import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { roles } from '#shared/limits.ts';
import { sessions, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AppEnv, Caller } from '../http/env.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Reads the bearer token when there is one. A valid token whose session is still open (a password
 * change or a logout ends it at once) makes the caller; any other token leaves the request
 * anonymous and keeps the reason, so a public call or a refresh still answers and a route that
 * needs a caller answers 401 with that reason.
 */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  c.set('caller', undefined);
  c.set('authProblem', undefined);
  const header = c.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const identified = match?.[1]
      ? await callerFor(c.var.deps, match[1])
      : { problem: 'Invalid authorization header' };
    if ('problem' in identified) c.set('authProblem', identified.problem);
    else c.set('caller', identified);
  }
  await next();
});

async function callerFor(
  deps: AppEnv['Variables']['deps'],
  token: string,
): Promise<Caller | { problem: string }> {
  const result = await verifyAccessToken(deps.jwtKey, token);
  if (!result.ok) return { problem: result.expired ? 'Session expired' : 'Invalid token' };
  const { claims } = result;
  const [row] = await deps.db
    .select({ roleId: users.roleId, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.familyId, claims.sessionFamily),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return { problem: 'Session expired' };
  return {
    id: claims.userId,
    roleId: row.roleId,
    email: row.email,
    sessionFamily: claims.sessionFamily,
  };
}

type Identified = Pick<AppEnv['Variables'], 'caller' | 'authProblem'>;

/** The caller, or 401 for anonymous requests (with the reason a presented token was refused). */
export function requireCaller({ caller, authProblem }: Identified): Caller {
  if (!caller) throw unauthorized(authProblem);
  return caller;
}

/** The caller when they are the user `userId` or an admin; 403 for anyone else. */
export function requireSelfOrAdmin(identified: Identified, userId: number): Caller {
  const who = requireCaller(identified);
  if (who.id !== userId && who.roleId !== roles.admin) throw forbidden();
  return who;
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const who = requireCaller(c.var);
  if (who.roleId !== roles.admin) throw forbidden('Administrators only');
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  requireCaller(c.var);
  await next();
});
