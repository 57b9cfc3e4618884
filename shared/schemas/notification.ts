import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { notificationTypeIds } from '../notification-types.ts';
import { paging } from './envelope.ts';
import { z } from './zod.ts';

const m = messages.notifications;

export { notificationTypeIds };
export const notificationTitleMax = 100;
export const notificationMailMessageMax = 5000;
export const notificationTopicMax = 50;

/** One notification as the dropdown and the notifications screen show it; message is HTML. */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    typeId: z.number().int(),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    sentAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** POST notifications/user/{userId}: page 1 of 50 unless told otherwise. */
export const notificationPageSchema = paging({ max: 500 });
export type NotificationPageInput = z.input<typeof notificationPageSchema>;

export const unreadCountSchema = z
  .object({ count: z.number().int() })
  .meta({ id: 'UnreadNotifications' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Absent, null or blank: the default. */
const orDefault = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema,
  );

/** The admin's message to every user (the back-office sends allUsers true and topic general). */
export const sendNotificationSchema = z.object({
  typeId: orDefault(
    z
      .number({ error: m.unknownType })
      .int(m.unknownType)
      .min(notificationTypeIds.info, m.unknownType)
      .max(notificationTypeIds.user, m.unknownType)
      .default(notificationTypeIds.info),
  ),
  title: z
    .string({ error: m.enterTitle })
    .trim()
    .min(1, m.enterTitle)
    .max(notificationTitleMax, m.titleTooLong),
  /** HTML; the server keeps only safe markup. */
  message: z
    .string({ error: m.enterMessage })
    .trim()
    .min(1, m.enterMessage)
    .max(limits.notificationMessageMax, m.messageTooLong),
  /** Plain text of the e-mail; when absent, the message without its tags. */
  mailMessage: orDefault(
    z
      .string()
      .trim()
      .max(
        notificationMailMessageMax,
        `Mail message can have at most ${notificationMailMessageMax} characters`,
      )
      .optional(),
  ),
  allUsers: orDefault(
    z
      .boolean()
      .default(true)
      .refine((all) => all, m.onlyAllUsers),
  ),
  topic: orDefault(z.string().trim().max(notificationTopicMax).default('general')),
});
/** What the back-office sends (the blank or absent fields take their defaults). */
export interface SendNotificationInput {
  typeId?: number | null;
  title: string;
  message: string;
  mailMessage?: string | null;
  allUsers?: boolean | null;
  topic?: string | null;
}
export type SendNotification = z.output<typeof sendNotificationSchema>;

export const sendResultSchema = z
  .object({ recipients: z.number().int() })
  .meta({ id: 'NotificationSent' });
export type SendResult = z.infer<typeof sendResultSchema>;
