import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { roles } from '#shared/limits.ts';
import { apiKeyMessages, type ApiKey } from '#shared/schemas/dealer-api.ts';
import { feedMessages } from '#shared/schemas/feed.ts';
import { apiKeys, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { AppEnv, Caller } from '../http/env.ts';
import { bucket, throttle } from '../http/rate-limit.ts';
import { sha256 } from '../feeds/feed-photos.ts';

/** Keys start with this, so a leaked one is recognisable (secret scanners, logs). */
const KEY_PREFIX = 'spk_';
/** How much of a key the account area shows. */
const SHOWN = KEY_PREFIX.length + 6;

type Row = typeof apiKeys.$inferSelect;

const asKey = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export function requireDealer(caller: Caller) {
  if (caller.roleId !== roles.company) throw forbidden(feedMessages.companyOnly);
}

/** POST dealer/keys: a new key; the key itself is answered this once and kept only hashed. */
export async function createKey(deps: Deps, caller: Caller, name: string) {
  requireDealer(caller);
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await deps.db
    .insert(apiKeys)
    .values({ userId: caller.id, name, prefix: key.slice(0, SHOWN), keyHash: sha256(key) })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { ...asKey(row), key };
}

/** GET dealer/keys: the caller's keys, newest first, revoked ones included. */
export async function listKeys(deps: Deps, caller: Caller) {
  requireDealer(caller);
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, caller.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(asKey);
}

/** DELETE dealer/keys/{id}: the key stops working at once (revoking twice is no error). */
export async function revokeKey(deps: Deps, caller: Caller, id: number) {
  requireDealer(caller);
  const [row] = await deps.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, caller.id)))
    .returning();
  if (!row) throw notFound(apiKeyMessages.notFound);
  return asKey(row);
}

/**
 * The dealer API's authentication: the X-Api-Key header names the caller (its dealer, still a
 * business account), and each key's requests are counted against its rate limit.
 */
export const apiKeyAuth = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('x-api-key');
  if (!key) throw unauthorized(apiKeyMessages.required);
  const { db } = c.var.deps;
  const [found] = await db
    .select({
      keyId: apiKeys.id,
      id: users.id,
      roleId: users.roleId,
      email: users.email,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt)));
  if (!found || found.roleId !== roles.company) throw unauthorized(apiKeyMessages.invalid);
  await throttle(db, [bucket('dealerApiPerKey', found.keyId)]);
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, found.keyId));
  const { keyId: _keyId, ...caller } = found;
  c.set('caller', { ...caller, sessionFamily: '' });
  await next();
});
