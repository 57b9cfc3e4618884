import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { mailQueue, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import type { Caller } from '../http/env.ts';
import { bucket, throttle, type Bucket } from '../http/rate-limit.ts';
import { signConfirmationToken, verifyConfirmationToken } from './confirmation-token.ts';
import { welcomeMail } from './welcome-mail.ts';

const t = messages.emailConfirmation;

/** Links sent again, limited as forgot-password codes are (server/http/rate-limit.ts's `limits`). */
const resendBuckets = (userId: number, ip: string): Bucket[] => [
  bucket('confirmationLinksPerAccount', userId),
  bucket('confirmationLinksPerAddress', ip),
];

/** Where a confirmation link opens: a page with one button, since mail scanners fetch links. */
export const confirmationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;

/**
 * Queues the welcome e-mail with a confirmation link of the account's address, in the caller's
 * transaction (registration's), so the account and its e-mail exist together or not at all.
 */
export async function queueWelcomeMail(
  db: Db,
  deps: Pick<Deps, 'jwtKey' | 'config'>,
  user: { id: number; email: string; firstName: string },
) {
  const token = await signConfirmationToken(deps.jwtKey, { userId: user.id, email: user.email });
  const mail = welcomeMail(user.firstName, confirmationLink(deps.config.PUBLIC_URL, token));
  await db.insert(mailQueue).values({ to: user.email, ...mail });
}

/**
 * Confirms the address a link names: sets the time once (a second confirmation answers the first
 * one's time). A link of a changed or deleted account, or a token not signed here, is refused.
 */
export async function confirmEmail(deps: Deps, token: string) {
  const claims = await verifyConfirmationToken(deps.jwtKey, token);
  if (claims === 'expired') throw badRequest(t.linkExpired);
  if (!claims) throw badRequest(t.linkInvalid);
  const same = and(
    eq(users.id, claims.userId),
    eq(sql`lower(${users.email})`, claims.email.toLowerCase()),
    isNull(users.deletedAt),
  );
  const [confirmed] = await deps.db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(and(same, isNull(users.emailConfirmedAt)))
    .returning({ at: users.emailConfirmedAt });
  if (confirmed?.at)
    return { emailConfirmedAt: confirmed.at.toISOString(), alreadyConfirmed: false };
  const [earlier] = await deps.db
    .select({ at: users.emailConfirmedAt })
    .from(users)
    .where(and(same, isNotNull(users.emailConfirmedAt)));
  if (!earlier?.at) throw badRequest(t.linkInvalid);
  return { emailConfirmedAt: earlier.at.toISOString(), alreadyConfirmed: true };
}

/** Sends the caller a new confirmation link, unless the address is confirmed already. */
export async function resendConfirmation(deps: Deps, caller: Caller, ip: string) {
  const [user] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      confirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(and(eq(users.id, caller.id), isNull(users.deletedAt)));
  if (!user) throw badRequest(t.linkInvalid);
  if (user.confirmedAt) return { sent: false };
  await throttle(deps.db, resendBuckets(user.id, ip), t.tooMany);
  await queueWelcomeMail(deps.db, deps, user);
  return { sent: true };
}
