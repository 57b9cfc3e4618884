import { bounds, limits } from '../limits.ts';
import { localPhone } from '../phone.ts';
import { messages } from '../messages.ts';
import { z } from './zod.ts';

/** A standard e-mail address pattern (the one the screens check before sending). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A required, trimmed string whose missing and empty cases share one spec message. */
export const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const email = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(EMAIL_PATTERN, messages.register.emailInvalid)
    .max(bounds.email, 'Email is too long')
    .transform((v) => v.toLowerCase());

/** Registration and change-password rule: upper, lower and digit first, then the length. */
export const newPassword = z
  .string({ error: messages.register.passwordRules })
  .regex(/[A-Z]/, messages.register.passwordRules)
  .regex(/[a-z]/, messages.register.passwordRules)
  .regex(/[0-9]/, messages.register.passwordRules)
  .min(limits.passwordMin, messages.register.passwordLength)
  .max(bounds.password, `Password must contain at most ${bounds.password} characters`);

/** Local phone number (the +356 prefix is shown apart): digits with optional spaces or dashes. */
export const phone = (requiredMessage: string) =>
  required(requiredMessage)
    .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'Phone number is not valid')
    .max(bounds.phone, 'Phone number is not valid')
    .transform((v) => localPhone(v));

export const optionalPhone = z
  .string()
  .trim()
  .regex(/^(\+?[0-9][0-9 -]{5,19})?$/, 'Phone number is not valid')
  .max(bounds.phone, 'Phone number is not valid')
  .transform((v) => localPhone(v))
  .nullish()
  .transform((v) => v ?? '');

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

/** A city by id, or by its name as some clients send it. */
export const city = z.union(
  [z.number().int().positive().max(bounds.id), z.string().trim().min(1).max(bounds.name)],
  {
    error: messages.register.cityRequired,
  },
);

/** yyyy-MM-dd (a longer ISO date-time is cut to its date); empty means not given. */
export const optionalDate = z
  .string()
  .trim()
  .max(40, 'Date must be yyyy-MM-dd')
  .nullish()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine(
    (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
    'Date must be yyyy-MM-dd',
  );

/** The refusal of a base64 image longer than bounds.imageBase64 (its bytes are checked later). */
export const imageTooLarge = 'Image is larger than 10 MB';

/** An image as base64 without the data: prefix (a data URL prefix is tolerated and removed). */
export const base64Image = (requiredMessage: string) =>
  required(requiredMessage)
    .max(bounds.imageBase64, imageTooLarge)
    .transform((v) => v.replace(/^data:[^,]*,/, '').replace(/\s/g, ''))
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v), 'Image must be base64 encoded');
