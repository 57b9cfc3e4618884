import { expect } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { RouteCall, TestContext } from './context.ts';

/**
 * The HTTP status the holder of `token` (none: a visitor) gets for one call: for the checks of
 * who may call a route (its owner, another user: 403, a visitor: 401).
 */
export const statusOf = async (ctx: TestContext, token: string | undefined, call: RouteCall) =>
  (await ctx.client(token).call(call)).status;

/** A user's balance as the API shows it to them. */
export async function balanceSeenBy(ctx: TestContext, user: Session) {
  const res = await ctx
    .client(user.accessToken)
    .call((r) => r.user.balance[':id'].$get({ param: { id: String(user.userId) } }));
  return res.data.balance;
}

/**
 * A route about one user that only that user may call: another user is refused with 403 and a
 * visitor with 401. `call` names the route for a user id.
 */
export async function expectOwnOnly(
  ctx: TestContext,
  call: (userId: number) => RouteCall,
  owner: Session,
  other: Session,
) {
  expect(await statusOf(ctx, other.accessToken, call(owner.userId))).toBe(403);
  expect(await statusOf(ctx, undefined, call(owner.userId))).toBe(401);
}
