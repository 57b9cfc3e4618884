import { bounds } from '../limits.ts';
import { sessionSchema, type Session } from './auth.ts';
import { z } from './zod.ts';

/** The texts of two-factor login, shown by the site, the back-office and the API alike. */
export const twoFactorMessages = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'The code is not right. Please try again.',
  codeUsed: 'This code was already used. Please wait for the next one.',
  recoveryCodeUsed: 'This recovery code was already used',
  setupCodeOnly: 'Enter the 6-digit code from your authenticator app',
  loginExpired: 'Your login has expired. Please log in again.',
  tooManyCodes: 'Too many wrong codes. Please try again in 15 minutes.',
  passwordInvalid: 'Password is not valid',
  notStarted: 'Start setting up two-factor login first',
  alreadyOff: 'Two-factor login is already off',
  requiredForAdmins: 'Administrators must keep two-factor login on',
  turnedOn: 'Two-factor login is on',
  turnedOff: 'Two-factor login is off',
} as const;

const m = twoFactorMessages;

/** A code as people type it: spaces and dashes dropped, letters in lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** A 6-digit code of the authenticator app. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** The letters and digits of recovery codes: none that reads like another (0 o, 1 l i). */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;
const recoveryPattern = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
export const isRecoveryCode = (code: string) => recoveryPattern.test(code);

/** A code of the authenticator app (6 digits) or a recovery code (10 letters and digits). */
export const anyCode = z
  .string({ error: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .max(32, m.codeInvalid)
  .transform(normalizeCode)
  .refine((code) => isTotpCode(code) || isRecoveryCode(code), m.codeInvalid);

/** Only a code of the authenticator app: what proves a new secret was scanned. */
const appCode = z
  .string({ error: m.setupCodeOnly })
  .trim()
  .min(1, m.setupCodeOnly)
  .max(32, m.setupCodeOnly)
  .transform(normalizeCode)
  .refine(isTotpCode, m.setupCodeOnly);

const password = z
  .string({ error: m.passwordInvalid })
  .min(1, m.passwordInvalid)
  .max(bounds.storedPassword, m.passwordInvalid);

/** What an authenticator app needs to add the account: a QR code, or the secret typed in. */
export const twoFactorSetupSchema = z
  .object({
    secret: z.string().meta({ description: 'The secret in base32, for typing in by hand' }),
    otpauthUri: z.string().meta({ description: 'The otpauth:// URI the QR code holds' }),
    qrCode: z.string().meta({ description: 'The QR code as an SVG data: URL' }),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * The password step's answer when a second factor is needed: no session yet, but a short-lived
 * signed challenge to send with the code. `enrol`: an administrator without two-factor login
 * must set it up first (`enrolment`) and then send a code of the new secret.
 */
export const loginChallengeSchema = z
  .object({
    twoFactor: z.enum(['code', 'enrol']),
    challengeToken: z.string(),
    challengeExpiresAt: z.string(),
    enrolment: twoFactorSetupSchema.optional(),
  })
  .meta({ id: 'LoginChallenge' });
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** What the password step answers: the session, or the challenge of a second factor. */
export const loginAnswerSchema = z.union([sessionSchema, loginChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Whether the password step asks for a second factor rather than opening the session. */
export const needsSecondFactor = (answer: LoginAnswer): answer is LoginChallenge =>
  'challengeToken' in answer;

export const secondFactorSchema = z.object({
  challengeToken: z
    .string({ error: m.loginExpired })
    .min(1, m.loginExpired)
    .max(bounds.token, m.loginExpired),
  code: anyCode,
});

/** The session, with the recovery codes when this login set two-factor login up (shown once). */
export const secondFactorAnswerSchema = sessionSchema
  .extend({ recoveryCodes: z.array(z.string()).optional() })
  .meta({ id: 'SecondFactorSession' });
export type SecondFactorAnswer = Session & { recoveryCodes?: string[] };

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    /** Administrators cannot turn it off. */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Starting a setup takes the password; replacing a device that is on also takes a code. */
export const twoFactorSetupRequestSchema = z.object({
  password,
  code: anyCode.optional(),
});

export const twoFactorEnableSchema = z.object({ code: appCode });

export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });

export const twoFactorDisableSchema = z.object({ password, code: anyCode });
