import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { roleNames, roles, type RoleId } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { adminSorts, ListQuery } from '#shared/schemas/list.ts';
import type { z } from '#shared/schemas/zod.ts';
import type { changePasswordSchema } from '#shared/schemas/auth.ts';
import { privacyMessages, type accountDeletionSchema } from '#shared/schemas/privacy.ts';
import {
  profileUpdateProblem,
  type Seller,
  type User,
  type userUpdateSchema,
} from '#shared/schemas/user.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { requireSecondFactor } from '../auth/two-factor.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { listPage, picked, orderOf, pageWindow, wantsPage, type SortColumn } from '../db/lists.ts';
import { cities, listings, users, userSearchText } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { Caller } from '../http/env.ts';
import { isLive } from '../listings/listings.queries.ts';
import { eraseAccount } from '../privacy/erase.ts';
import { withFiles } from '../storage/storage.ts';
import { resolveCity } from './cities.ts';
import { prepareLogo } from './logo.ts';

const USER_NOT_FOUND = 'User not found';
export const imageUrl = (key: string | null) => (key ? `/images/${key}` : null);

async function findUser(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ user: users, city: cities.name })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

const userRowColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: users.roleId,
  createdAt: users.createdAt,
  emailConfirmedAt: users.emailConfirmedAt,
};

type UserRowData = {
  [
    K in Exclude<keyof typeof userRowColumns, 'emailConfirmedAt'>
  ]: (typeof userRowColumns)[K]['_']['data'];
} & { emailConfirmedAt: Date | null };

const toUserRow = (u: UserRowData) => ({
  ...u,
  roleName: roleNames[u.roleId as RoleId] ?? '',
  createdAt: u.createdAt.toISOString(),
  emailConfirmedAt: u.emailConfirmedAt?.toISOString() ?? null,
});

export type UserSort = (typeof adminSorts.users)[number];

const userSorts: Record<UserSort, SortColumn> = {
  id: users.id,
  email: sql`lower(${users.email})`,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  // Admin, Individual, Company: by role id.
  roleName: users.roleId,
  createdAt: users.createdAt,
};

/**
 * The back-office's users table: every account that is not deleted, newest first, whole; or,
 * with any list parameter, one page and the total (`q` finds any part of the address and names,
 * "Maria Borg" too, or an id).
 */
export async function listUsers(deps: Deps, query: ListQuery<UserSort> = {}) {
  const live = isNull(users.deletedAt);
  if (!wantsPage(query)) {
    const rows = await deps.db
      .select(userRowColumns)
      .from(users)
      .where(live)
      .orderBy(desc(users.id));
    return rows.map(toUserRow);
  }
  const where = and(live, picked(query, users.id, [userSearchText(users)]));
  const { limit, offset } = pageWindow(query);
  return listPage(
    deps.db
      .select(userRowColumns)
      .from(users)
      .where(where)
      .orderBy(...orderOf(query, userSorts, users.id, [desc(users.id)]))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(toUserRow)),
    deps.db
      .select({ n: count() })
      .from(users)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
}

/** Who a session belongs to, or null once the account is gone. */
export async function getSessionUser(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ id: users.id, roleId: users.roleId, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

export async function getUser(deps: Deps, id: number): Promise<User> {
  const { user: u, city } = await findUser(deps, id);
  const logo = u.imageKey ? await deps.storage.get(u.imageKey) : null;
  return {
    id: u.id,
    role: u.roleId,
    roleName: roleNames[u.roleId as RoleId] ?? '',
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    phone2: u.phone2,
    phone3: u.phone3,
    address: u.address,
    city,
    cityId: u.cityId,
    dateOfBirth: u.dateOfBirth,
    cNumber: u.cNumber,
    vatNumber: u.vatNumber,
    image: logo ? logo.toString('base64') : null,
    imageUrl: imageUrl(u.imageKey),
    createdAt: u.createdAt.toISOString(),
    emailConfirmedAt: u.emailConfirmedAt?.toISOString() ?? null,
  };
}

/**
 * A seller's contact block, exactly what their live listings' pages show (no date of birth,
 * company numbers or balance). Only an account with a live listing is a public seller: anyone
 * else's contact data answers 404 except to themself and to administrators.
 */
export async function getSeller(
  deps: Deps,
  viewer: Caller | undefined,
  id: number,
): Promise<Seller> {
  const { user: u, city } = await findUser(deps, id);
  const privileged = viewer && (viewer.id === id || viewer.roleId === roles.admin);
  if (!privileged) {
    if (u.roleId === roles.admin) throw notFound(USER_NOT_FOUND);
    const [live] = await deps.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.userId, id), isLive))
      .limit(1);
    if (!live) throw notFound(USER_NOT_FOUND);
  }
  return {
    id: u.id,
    role: u.roleId,
    firstName: u.firstName,
    lastName: u.lastName,
    address: u.address,
    city,
    email: u.email,
    phone: u.phone,
    phone2: u.phone2,
    phone3: u.phone3,
    imageUrl: imageUrl(u.imageKey),
  };
}

/** Applies the profile rules in the spec's order; email, role and company numbers never change. */
export async function updateProfile(
  deps: Deps,
  id: number,
  input: z.output<typeof userUpdateSchema>,
) {
  const { user: current } = await findUser(deps, id);
  const company = current.roleId === roles.company;
  const city = input.cityId ?? input.city;
  const problem = profileUpdateProblem(
    input,
    city !== null && city !== undefined && city !== '',
    current.roleId,
  );
  if (problem) throw badRequest(problem);
  const cityId = await resolveCity(deps.db, city);
  const phone = (input.phone ?? '').replace(/[ -]/g, '');
  if (!/^\+?\d{6,20}$/.test(phone)) throw badRequest('Phone number is not valid');
  // The logo replaced is left to the orphan sweep: a page rendered a moment ago may still show it.
  const logo = company && input.image ? await prepareLogo(input.image) : null;
  await withFiles(deps.storage, logo ? [logo] : [], () =>
    deps.db
      .update(users)
      .set({
        firstName: input.firstName?.trim() ?? current.firstName,
        lastName: input.lastName?.trim() ?? current.lastName,
        phone,
        phone2: company ? input.phone2 : current.phone2,
        phone3: company ? input.phone3 : current.phone3,
        address: input.address,
        cityId,
        dateOfBirth: company ? current.dateOfBirth : input.dateOfBirth,
        imageKey: logo?.key ?? current.imageKey,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id)),
  );
  return getUser(deps, id);
}

/** Changes the password after checking the old one; every other session of the user ends. */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof changePasswordSchema>,
) {
  const { user } = await findUser(deps, caller.id);
  if (input.email && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest('Email does not match your account');
  }
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw badRequest('Old password is not correct');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, caller.sessionFamily);
  });
}

/**
 * Closes the account after checking the password (and the second factor when it is on): see
 * eraseAccount for what is erased and what stays.
 */
export async function deleteAccount(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof accountDeletionSchema>,
  ip: string,
) {
  const { user } = await findUser(deps, caller.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw badRequest(messages.profile.deletePasswordInvalid);
  }
  await requireSecondFactor(deps, user.id, input.code, ip);
  await eraseAccount(deps, user.id, { kind: 'owner' });
}

/** An administrator erases an account on its owner's written request; the audit log keeps why. */
export async function eraseOnRequest(deps: Deps, admin: Caller, id: number, reason: string) {
  const { user } = await findUser(deps, id);
  if (user.roleId === roles.admin) throw forbidden(privacyMessages.erasureOfAdmin);
  await eraseAccount(deps, id, { kind: 'admin', adminId: admin.id, reason });
}
