import { bounds, limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { EMAIL_PATTERN } from './fields.ts';
import { z } from './zod.ts';

export const CONTACT_PHONE_MAX = 40;
export const REPLY_MAX = 5000;

/**
 * The contact form, checked in the spec's order: empty email, email pattern, message under 10,
 * message over 500. The phone is not validated beyond a length cap.
 */
export const contactSchema = z.object({
  email: z
    .string({ error: messages.contact.emailRequired })
    .trim()
    .min(1, messages.contact.emailRequired)
    .regex(EMAIL_PATTERN, messages.contact.emailInvalid)
    .max(254, messages.contact.emailInvalid),
  text: z
    .string({ error: messages.contact.messageTooShort })
    .trim()
    .min(limits.contactMessageMin, messages.contact.messageTooShort)
    .max(limits.contactMessageMax, messages.contact.messageTooLong),
  // Checked last: the spec validates no phone; the cap only guards the column.
  phone: z
    .string()
    .trim()
    .max(CONTACT_PHONE_MAX, `Phone number can have at most ${CONTACT_PHONE_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
});
export type ContactInput = z.input<typeof contactSchema>;

export const contactMessageSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    phone: z.string(),
    text: z.string(),
    replyMessage: z.string().nullable(),
    createdAt: z.string(),
    repliedAt: z.string().nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The admin's reply; the e-mail goes to the address stored with the message. */
export const contactReplySchema = z.object({
  messageId: z.coerce
    .number({ error: 'messageId must be a number' })
    .int('messageId must be a whole number')
    .positive('messageId must be a positive number')
    .max(bounds.id, 'messageId is too large'),
  messageEmail: z.string().max(bounds.email).nullish(),
  text: z
    .string({ error: messages.admin.replyEmpty })
    .trim()
    .min(1, messages.admin.replyEmpty)
    .max(REPLY_MAX, `Reply can have at most ${REPLY_MAX} characters`),
});
export type ContactReplyInput = z.input<typeof contactReplySchema>;
