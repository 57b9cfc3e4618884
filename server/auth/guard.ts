import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { roles } from '#shared/limits.ts';
import { sessions, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AppEnv, Caller } from '../http/env.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Reads the bearer token when there is one. A token must be valid and its session still open (a
 * password change or a logout ends it at once), otherwise the request is answered 401.
 */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  c.set('caller', undefined);
  const header = c.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Invalid authorization header');
    c.set('caller', await callerFor(c.var.deps, match[1]));
  }
  await next();
});

async function callerFor(deps: AppEnv['Variables']['deps'], token: string): Promise<Caller> {
  const result = await verifyAccessToken(deps.jwtKey, token);
  if (!result.ok) throw unauthorized(result.expired ? 'Session expired' : 'Invalid token');
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
  if (!row) throw unauthorized('Session expired');
  return {
    id: claims.userId,
    roleId: row.roleId,
    email: row.email,
    sessionFamily: claims.sessionFamily,
  };
}

/** The caller, or 401 for anonymous requests. */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw unauthorized();
  return caller;
}

/** The caller when they are the user `userId` or an admin; 403 for anyone else. */
export function requireSelfOrAdmin(caller: Caller | undefined, userId: number): Caller {
  const who = requireCaller(caller);
  if (who.id !== userId && who.roleId !== roles.admin) throw forbidden();
  return who;
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const who = requireCaller(c.var.caller);
  if (who.roleId !== roles.admin) throw forbidden('Administrators only');
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  requireCaller(c.var.caller);
  await next();
});
