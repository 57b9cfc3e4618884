import { bounds, limits } from '../limits.ts';
import { messages } from '../messages.ts';
import {
  base64Image,
  city,
  email,
  newPassword,
  optionalDate,
  optionalPhone,
  optionalText,
  phone,
  required,
} from './fields.ts';
import { z } from './zod.ts';

const { login: m, register: r } = messages;

export const loginSchema = z.object({
  email: email(m.emailRequired),
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .min(limits.loginPasswordMin, m.passwordTooShort)
    .max(bounds.storedPassword, m.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

/** What login and refresh answer: the session the clients store. */
export const sessionSchema = z
  .object({
    userId: z.number().int(),
    roleId: z.number().int(),
    email: z.string(),
    accessToken: z.string(),
    refreshToken: z.string(),
    accessTokenExpiresAt: z.string(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const refreshSchema = z.object({
  id: z.coerce.number({ error: 'User id is required' }).int().positive().max(bounds.id),
  refreshToken: z
    .string({ error: 'Refresh token is required' })
    .min(1, 'Refresh token is required')
    .max(bounds.token, 'Invalid refresh token'),
});

const confirmMatches = (v: { password: string; confirmPassword?: string | undefined }) =>
  v.confirmPassword === undefined || v.password === v.confirmPassword;
const mismatch = { message: r.passwordMismatch, path: ['confirmPassword'] };

/** Individual registration, its fields in the order the spec checks them. */
export const registerPrivateSchema = z
  .object({
    email: email(r.emailRequired),
    password: newPassword,
    confirmPassword: z.string().max(bounds.password).optional(),
    firstName: required(r.firstNameRequired).max(bounds.name),
    phone: phone(r.phoneRequired),
    lastName: required(r.lastNameRequired).max(bounds.name),
    city,
    address: optionalText(200),
    dateOfBirth: optionalDate,
    firebaseToken: optionalText(4096),
  })
  .refine(confirmMatches, mismatch);
export type RegisterPrivateInput = z.input<typeof registerPrivateSchema>;

/** Company registration: firstName is the company name; logo, C and VAT numbers are required. */
export const registerCompanySchema = z
  .object({
    email: email(r.emailRequired),
    password: newPassword,
    confirmPassword: z.string().max(bounds.password).optional(),
    image: base64Image(r.logoRequired),
    firstName: required(r.companyNameRequired).max(bounds.name),
    phone: phone(r.phoneRequired),
    city,
    cNumber: required(r.cNumberRequired)
      .max(20, 'C number must contain only digits')
      .transform((v) => v.replace(/^C\s*/i, ''))
      .pipe(z.string().regex(/^\d{1,10}$/, 'C number must contain only digits')),
    vatNumber: required(r.vatNumberRequired)
      .max(20, 'VAT number must contain 8 digits')
      .transform((v) => v.replace(/^MT\s*/i, ''))
      .pipe(z.string().regex(/^\d{8}$/, 'VAT number must contain 8 digits')),
    lastName: optionalText(bounds.name),
    address: optionalText(200),
    phone2: optionalPhone,
    phone3: optionalPhone,
    firebaseToken: optionalText(4096),
  })
  .refine(confirmMatches, mismatch);
export type RegisterCompanyInput = z.input<typeof registerCompanySchema>;

/** Forgot password checks only the pattern (the spec), so an empty address is 'Not valid email'. */
export const forgotPasswordSchema = z.object({ email: email(messages.register.emailInvalid) });

export const verifyCodeSchema = z.object({
  email: email(m.emailRequired),
  code: z
    .string({ error: messages.forgotPassword.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, messages.forgotPassword.codeInvalid)
    .max(limits.resetCodeLength, messages.forgotPassword.codeInvalid),
});

export const resetPasswordSchema = z
  .object({
    email: email(m.emailRequired),
    password: newPassword,
    confirmPassword: z.string({ error: r.passwordMismatch }).max(bounds.password),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, messages.forgotPassword.codeInvalid)
      .max(limits.resetCodeLength, messages.forgotPassword.codeInvalid)
      .optional(),
  })
  .refine((v) => v.password === v.confirmPassword, mismatch);

export const changePasswordSchema = z
  .object({
    email: z.string().max(bounds.email).optional(),
    oldPassword: z
      .string({ error: 'Old password is required' })
      .min(1, 'Old password is required')
      .max(bounds.storedPassword, 'Old password is not valid'),
    newPassword,
    confirmPassword: z.string({ error: r.passwordMismatch }).max(bounds.password),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: r.passwordMismatch,
    path: ['confirmPassword'],
  });

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: messages.profile.deletePasswordInvalid })
    .min(limits.deleteAccountPasswordMin, messages.profile.deletePasswordInvalid)
    .max(bounds.storedPassword, messages.profile.deletePasswordInvalid),
});
