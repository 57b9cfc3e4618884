import { messages } from '../messages.ts';
import { z } from './zod.ts';

const m = messages.push;

/**
 * The keys as browsers send them, base64url (padding tolerated): p256dh an uncompressed P-256
 * point (65 bytes, first byte 4, so its first character is B), auth 16 bytes.
 */
const p256dh = z
  .string()
  .max(88)
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, m.p256dh);
const auth = z
  .string()
  .max(24)
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, m.auth);

/** The browser's PushSubscription (its toJSON()), as POST push/subscriptions takes it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(2048)
      .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', m.endpoint),
    /** When the browser ends it (ms since 1970), if it says; not used. */
    expirationTime: z.number().min(0).max(8.64e15).nullish(),
    keys: z.object({ p256dh, auth }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** POST push/subscriptions/remove: the browser's endpoint. */
export const pushEndpointSchema = z
  .object({ endpoint: z.string().min(1).max(2048) })
  .meta({ id: 'PushEndpoint' });

/** GET push/key: the VAPID public key a browser subscribes with (applicationServerKey). */
export const pushKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
