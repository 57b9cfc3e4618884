import { bounds, roles } from '../limits.ts';
import { messages } from '../messages.ts';
import { imageTooLarge, optionalDate, optionalPhone, optionalText } from './fields.ts';
import { localPhone } from '../phone.ts';
import { z } from './zod.ts';

/** The full user (owner or admin): firstName is the company name for companies (role 3). */
export const userSchema = z
  .object({
    id: z.number().int(),
    role: z.number().int(),
    roleName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    phone2: z.string(),
    phone3: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    cityId: z.number().int().nullable(),
    dateOfBirth: z.string().nullable(),
    cNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    /** The company logo as base64 JPEG, null when there is none. */
    image: z.string().nullable(),
    imageUrl: z.string().nullable(),
    createdAt: z.string(),
    /** When the owner confirmed the address; null until then (no alert or message e-mails). */
    emailConfirmedAt: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** What anyone may see of a seller (the contact block and the seller offer page). */
export const sellerSchema = z
  .object({
    id: z.number().int(),
    role: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    phone2: z.string(),
    phone3: z.string(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'Seller' });
export type Seller = z.infer<typeof sellerSchema>;

/**
 * Profile update: the user object as the screen sends it. Email, role and the company numbers are
 * read-only and ignored; the required-field rules depend on the role (see profileUpdateProblem).
 */
export const userUpdateSchema = z.object({
  id: z.coerce.number().int().positive().max(bounds.id).optional(),
  firstName: z.string().trim().max(bounds.name).nullish(),
  lastName: z.string().trim().max(bounds.name).nullish(),
  phone: z
    .string()
    .trim()
    .max(bounds.phone)
    .nullish()
    .transform((v) => (v == null ? v : localPhone(v))),
  phone2: optionalPhone,
  phone3: optionalPhone,
  address: optionalText(200),
  city: z
    .union([z.number().int().positive().max(bounds.id), z.string().trim().max(bounds.name)])
    .nullish(),
  cityId: z.number().int().positive().max(bounds.id).nullish(),
  dateOfBirth: optionalDate,
  /** A new logo as base64; omitted or null keeps the current one. */
  image: z.string().max(bounds.imageBase64, imageTooLarge).nullish(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

type ProfileRuleInput = {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
};

/** Every profile rule broken, in the spec's order, with the field each is about. */
export function profileUpdateProblems(
  user: ProfileRuleInput,
  hasCity: boolean,
  roleId: number,
): { field: 'firstName' | 'phone' | 'lastName' | 'city'; message: string }[] {
  const company = roleId === roles.company;
  const r = messages.register;
  const rules = [
    [!user.firstName?.trim(), 'firstName', company ? r.companyNameRequired : r.firstNameRequired],
    [!user.phone?.trim(), 'phone', r.phoneRequired],
    [!company && !user.lastName?.trim(), 'lastName', r.lastNameRequired],
    [!hasCity, 'city', r.cityRequired],
  ] as const;
  return rules.filter(([broken]) => broken).map(([, field, message]) => ({ field, message }));
}

/** The profile rules in the spec's order; the first one broken, or null when all hold. */
export const profileUpdateProblem = (user: ProfileRuleInput, hasCity: boolean, roleId: number) =>
  profileUpdateProblems(user, hasCity, roleId)[0]?.message ?? null;

/** A row of the back-office's users table. */
export const userRowSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roleId: z.number().int(),
    roleName: z.string(),
    createdAt: z.string(),
    emailConfirmedAt: z.string().nullable(),
  })
  .meta({ id: 'UserRow' });

export const balanceSchema = z.object({ balance: z.number().int() }).meta({ id: 'Balance' });
