import { prefixes, roles } from '#shared/limits.ts';
import { changePasswordSchema, deleteAccountSchema } from '#shared/schemas/auth.ts';
import {
  profileUpdateProblem,
  profileUpdateProblems,
  type User,
  type UserUpdateInput,
} from '#shared/schemas/user.ts';
import { firstMessage } from '#shared/schemas/zod.ts';
import { readAsDataUrl, stripDataUrl } from '../../lib/files.ts';
import { localPhone } from '#shared/phone.ts';
import { LOGO_EXTENSIONS } from '../auth/auth.ts';

export { LOGO_ACCEPT, LOGO_INVALID } from '../auth/auth.ts';

export const prompts = {
  profile: 'Please log in to see profile information',
  changePassword: 'Please log in to change password',
  deleteAccount: 'Please log in to delete account',
} as const;

/** What the profile form edits, as strings the inputs hold. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  phone2: string;
  phone3: string;
  address: string;
  cityId: string;
  dateOfBirth: string;
}

export const isCompany = (user: Pick<User, 'role'>) => user.role === roles.company;

export function valuesOf(user: User, prefix: string = prefixes.phone): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: localPhone(user.phone, prefix),
    phone2: localPhone(user.phone2, prefix),
    phone3: localPhone(user.phone3, prefix),
    address: user.address,
    cityId: user.cityId ? String(user.cityId) : '',
    dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
  };
}

/**
 * The user object the update call sends: the fields of the user's role, and the new logo (base64
 * without the data: prefix) only when one was chosen.
 */
export function toUpdatePayload(
  user: User,
  values: ProfileValues,
  logo: string | null,
): UserUpdateInput {
  const company = isCompany(user);
  return {
    id: user.id,
    firstName: values.firstName.trim(),
    lastName: company ? user.lastName : values.lastName.trim(),
    phone: values.phone.trim(),
    phone2: company ? values.phone2.trim() : user.phone2,
    phone3: company ? values.phone3.trim() : user.phone3,
    address: values.address.trim(),
    cityId: values.cityId ? Number(values.cityId) : null,
    dateOfBirth: company ? user.dateOfBirth : values.dateOfBirth || null,
    image: company ? logo : null,
  };
}

/** The profile rules in the spec's order (the shared rule), or null when the form may be sent. */
export const profileProblem = (user: User, values: ProfileValues) =>
  profileUpdateProblem(values, values.cityId !== '', user.role);

/** Each field's broken rule (firstName, phone, lastName, city), for the inline marks. */
export const profileProblems = (
  user: User,
  values: ProfileValues,
): Partial<Record<string, string>> =>
  Object.fromEntries(
    profileUpdateProblems(values, values.cityId !== '', user.role).map((p) => [p.field, p.message]),
  );

export interface PasswordChange {
  email: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The change-password rules in the spec's order: upper, lower and digit; at least 8; equal to the
 * confirmation. An empty old password, which the spec does not order, is reported after them.
 */
export function changePasswordProblem(input: PasswordChange): string | null {
  const result = changePasswordSchema.safeParse(input);
  if (result.success) return null;
  const isOld = (path: PropertyKey[]) => Number(path[0] === 'oldPassword');
  const issues = [...result.error.issues].sort((a, b) => isOld(a.path) - isOld(b.path));
  return issues[0]?.message ?? null;
}

/** Under 4 characters: 'Password is not valid'. */
export function deleteAccountProblem(password: string): string | null {
  const result = deleteAccountSchema.safeParse({ password });
  return result.success ? null : firstMessage(result.error);
}

/** A file's content as base64 without the data: prefix, or null when it is not an accepted logo. */
export async function logoBase64(file: File): Promise<{ base64: string; dataUrl: string } | null> {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type === '' || /^image\/(jpeg|png|webp|avif)$/.test(file.type);
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(extension) || !typeOk) return null;
  const dataUrl = await readAsDataUrl(file);
  return { base64: stripDataUrl(dataUrl), dataUrl };
}
