import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

/** The key pair that signs web push requests (VAPID), and who push services may contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** MAIL_FROM's address ("Spotted <no-reply@spotted.mt>" → mailto:no-reply@spotted.mt). */
const mailtoOf = (from: string) => `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`;

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise a pair generated once and kept in the
 * database beside the JWT secret, so every instance and every restart sign with the same key (a
 * new key would orphan every browser's subscription).
 */
export async function loadVapidKeys(
  db: Db,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? mailtoOf(config.MAIL_FROM);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  await db
    .insert(appSecrets)
    .values({ name: 'vapid', value: JSON.stringify(webPush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
  if (!row) throw new Error('the VAPID keys could not be stored');
  const { publicKey, privateKey } = JSON.parse(row.value) as Omit<VapidKeys, 'subject'>;
  return { publicKey, privateKey, subject };
}
