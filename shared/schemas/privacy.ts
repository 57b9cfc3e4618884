import { deleteAccountSchema } from './auth.ts';
import { anyCode } from './two-factor.ts';
import { z } from './zod.ts';

/** The texts of the privacy rights (a copy of one's data, the erasure of an account). */
export const privacyMessages = {
  exportRequested:
    'We are preparing a copy of your data. You will get an e-mail with a download link.',
  exportTooMany: 'You asked for a copy of your data recently. Please try again tomorrow.',
  exportLinkInvalid: 'This download link is not valid',
  exportLinkExpired: 'This download link has expired. Please ask for a new copy of your data.',
  exportLinkUsed: 'This download link was already used. Please ask for a new copy of your data.',
  exportMailSubject: 'Your Spotted data is ready',
  erasureReasonShort: 'Describe the written request in at least 10 characters',
  erasureOfAdmin: 'An administrator account cannot be erased here',
  accountErased: 'Account erased',
  /** What the delete-account panel says of credits left: they are lost with the account. */
  balanceLeft: (credits: number) =>
    credits === 1
      ? 'You have 1 credit left. It will be lost when your account is deleted.'
      : `You have ${credits} credits left. They will be lost when your account is deleted.`,
} as const;

const m = privacyMessages;

/** Deleting one's account: the password, and a second-factor code when two-factor login is on. */
export const accountDeletionSchema = deleteAccountSchema.extend({ code: anyCode.optional() });

/** An administrator erases an account on its owner's written request, saying which. */
export const adminErasureSchema = z.object({
  reason: z
    .string({ error: m.erasureReasonShort })
    .trim()
    .min(10, m.erasureReasonShort)
    .max(2000, 'The reason can have at most 2000 characters'),
});

/** A request for a copy of one's data, as its owner sees it. */
export const dataExportSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(['pending', 'ready', 'downloaded', 'expired']),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportDownloadQuery = z.object({
  token: z.string({ error: m.exportLinkInvalid }).min(1, m.exportLinkInvalid).max(2000),
});
