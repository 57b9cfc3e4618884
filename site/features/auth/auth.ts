import { messages } from '#shared/messages.ts';
import {
  forgotPasswordSchema,
  loginSchema,
  registerCompanySchema,
  registerPrivateSchema,
  resetPasswordSchema,
  verifyCodeSchema,
} from '#shared/schemas/auth.ts';
import type { z } from '#shared/schemas/zod.ts';
import { firstMessage } from '#shared/schemas/zod.ts';

/** The first broken rule as the screen shows it, or the payload to send. */
export type Checked<T> = { ok: true; data: T } | { ok: false; message: string };

function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: firstMessage(parsed.error) };
}

/** Login: email required, its pattern, password required, at least 4 characters. */
export const checkLogin = (input: { email: string; password: string }) => check(loginSchema, input);

/**
 * The spec checks the confirmation right after the password rules, before the account's own
 * fields; zod runs the schema's confirmation refine only once every field passes, so the
 * mismatch is checked here in its place.
 */
function checkWithConfirmation<S extends z.ZodType>(
  schema: S,
  input: { password: string; confirmPassword: string; [field: string]: unknown },
): Checked<z.output<S>> {
  const parsed = schema.safeParse(input);
  const first = parsed.success ? undefined : parsed.error.issues[0];
  const common = first && (first.path[0] === 'email' || first.path[0] === 'password');
  if (first && common) return { ok: false, message: first.message };
  if (input.password !== input.confirmPassword)
    return { ok: false, message: messages.register.passwordMismatch };
  if (first) return { ok: false, message: first.message };
  return { ok: true, data: (parsed as { data: z.output<S> }).data };
}

/** Each field's first broken rule, by the payload's field name, for the inline marks. */
export type FieldProblems = Partial<Record<string, string>>;

function problemsByField(
  schema: z.ZodType,
  input: { password: string; confirmPassword: string; [field: string]: unknown },
): FieldProblems {
  const parsed = schema.safeParse(input);
  const problems: FieldProblems = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    problems[String(issue.path[0] ?? '')] ??= issue.message;
  }
  if (input.password !== input.confirmPassword) {
    problems.confirmPassword ??= messages.register.passwordMismatch;
  }
  return problems;
}

export interface PersonalForm {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  phone: string;
  city: string;
  dateOfBirth: string;
  password: string;
  confirmPassword: string;
}

export interface BusinessForm {
  image: string;
  firstName: string;
  cNumber: string;
  vatNumber: string;
  phones: string[];
  city: string;
  address: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** A chosen city id, or undefined so the schema answers 'City is required field'. */
const cityId = (value: string) => (value ? Number(value) : undefined);

const personalInput = (form: PersonalForm) => ({
  ...form,
  city: cityId(form.city),
  dateOfBirth: form.dateOfBirth || null,
  firebaseToken: '',
});

/** Individual registration in the spec's order: email, password rules, confirmation, then
 * first name, phone, last name, city. */
export const checkPersonal = (form: PersonalForm) =>
  checkWithConfirmation(registerPrivateSchema, personalInput(form));

/** Every field of the individual registration that breaks a rule. */
export const personalProblems = (form: PersonalForm) =>
  problemsByField(registerPrivateSchema, personalInput(form));

/** Company registration in the spec's order: email, password rules, confirmation, then logo,
 * company name, phone, city, C number, VAT number. */
export const checkBusiness = (form: BusinessForm) =>
  checkWithConfirmation(registerCompanySchema, businessInput(form));

/** Every field of the company registration that breaks a rule (phones as phone, phone2, phone3). */
export const businessProblems = (form: BusinessForm) =>
  problemsByField(registerCompanySchema, businessInput(form));

const businessInput = ({ phones, ...form }: BusinessForm) => ({
  ...form,
  city: cityId(form.city),
  phone: phones[0] ?? '',
  phone2: phones[1] ?? '',
  phone3: phones[2] ?? '',
  lastName: '',
  firebaseToken: '',
});

/** Forgot password, first step: the address the code goes to. */
export const checkForgot = (email: string) => check(forgotPasswordSchema, { email });

export const checkCode = (email: string, code: string) => check(verifyCodeSchema, { email, code });

/** The new password: upper, lower and digit, at least 8, equal to the confirmation. */
export const checkReset = (input: {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}) => check(resetPasswordSchema, input);

/** The logo formats the form accepts (by name here; the server checks the bytes). */
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;
/** The file picker's `accept`: the extensions and their types. */
export const LOGO_ACCEPT = [
  ...LOGO_EXTENSIONS.map((e) => `.${e}`),
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
].join(',');
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const LOGO_INVALID = 'Logo must be a jpg, jpeg, png, webp or avif image';
export const LOGO_TOO_LARGE = 'Logo is larger than 10 MB';

export function logoProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(extension)) return LOGO_INVALID;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/**
 * The forgot-password steps hand the email and the verified code to the next page through
 * sessionStorage (gone when the tab closes).
 */
const RESET_KEY = 'passwordReset';

export interface ResetState {
  email: string;
  code?: string;
}

export function readReset(): ResetState | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(RESET_KEY) ?? 'null') as ResetState | null;
    return value && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

export const writeReset = (state: ResetState) =>
  sessionStorage.setItem(RESET_KEY, JSON.stringify(state));

export const clearReset = () => sessionStorage.removeItem(RESET_KEY);

/** What a failed login shows: 401 its own text; throttling its explanation; else the generic one. */
export function loginFailure(res: { status: number; message: string }): string {
  if (res.status === 401) return messages.login.invalidCredentials;
  if (res.status === 429 && res.message) return res.message;
  return messages.common.errorOccurred;
}

/**
 * Where to go after logging in: the `next` path of the login page's address, when it is a path
 * of this site (never another site's address, which would make the login page an open redirect).
 */
export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}
