import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the app, read from the environment; docs/configuration.md's table. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Defaults to http://localhost:$PORT (see loadConfig). */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_DATA: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Spotted <no-reply@spotted.mt>'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  FIREBASE_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_BASE_URL: z.url().default('https://fcm.googleapis.com'),
  TRUST_PROXY: bool.default(false),
  /** Web push (VAPID) key pair, base64url; unset, a pair is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key, base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key (32 bytes), base64url')
    .optional(),
  /** Who push services contact about this sender: a mailto: or https: address (MAIL_FROM's by default). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
    .optional(),
  /**
   * The push services browsers' endpoints may name, comma-separated: a host, `*.domain` for its
   * subdomains, or `*` for any host on the public internet.
   */
  PUSH_SERVICES: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com',
    )
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Push services on private, loopback or link-local addresses: a push service of your own network. */
  PUSH_PRIVATE_ADDRESSES: bool.default(false),
  /** Feed photo addresses on private, loopback or link-local addresses: a photo server of your own network. */
  FEED_PRIVATE_ADDRESSES: bool.default(false),
  /** The share of a dealer's live cars (0 to 1) an import may withdraw or change without a confirmation. */
  FEED_CHANGE_SHARE: z.coerce.number().min(0).max(1).default(0.3),
  /** Registration attempts per client address and hour (the API answers 429 past it). */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  /** New conversations a user may start per hour (429 past it). */
  CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Messages a user may send per hour, over all their conversations (429 past it). */
  MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
  /** `s3://bucket[/prefix]?endpoint=…&region=…`: photos in an S3-compatible bucket, not on disk. */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[^/?]+/, 'must look like s3://bucket?endpoint=https://…&region=…')
    .optional(),
  /** The bucket's public address: /images/… then redirects there instead of streaming. */
  STORAGE_PUBLIC_URL: z.url().optional(),
  LOG_REQUESTS: bool.default(false),
  /** A bearer token that opens /metrics on the public port; unset, /metrics is not there. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A second port serving only /metrics, without a token (bind it to an internal address). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** How long a stopping instance (SIGTERM) lets requests in flight finish before cutting them. */
  SHUTDOWN_SECONDS: z.coerce.number().min(0).max(600).default(10),
  JOBS: bool.default(true),
  /** How often the subscription job renews the promotions that are due, or ends them. */
  SUBSCRIPTIONS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the saved-search alert job runs; an instant alert leaves within this (plus the mail job's 5 s). */
  ALERTS_EVERY_SECONDS: z.coerce.number().int().min(5).max(240).default(60),
  /** The hour (UTC) from which each day's saved-search digests are sent. */
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** Memory for rendered public pages (all their encodings); 0 turns the page cache off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** How long a cached page is served at most without a change notice (its view count's lag). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Days the daily insights rows (per listing and site-wide) are kept (server/insights). */
  STATS_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  /** Price insight: how often an instance rates the models whose cars changed. */
  PRICE_JOB_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  /**
   * Different signed-in accounts, each at least a day old, whose open reports hide a live listing
   * from search until an admin reviews it; 0 turns it off.
   */
  REPORTS_TO_HIDE: z.coerce.number().int().min(0).max(1000).default(3),
  /** Days after a buyer's first message to a dealer before they may review it; 0: at once. */
  REVIEW_AFTER_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /**
   * argon2id's cost: `standard` (OWASP's floor, 19 MiB and 2 passes) everywhere real passwords
   * live; `test` (8 KiB, 1 pass) only for test runs, which register hundreds of accounts.
   */
  PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
  /**
   * `json`: every line is JSON (pino). `text`: the start-up is told in plain lines, for a person
   * at a terminal. Unset: `text` when stdout is a terminal, `json` otherwise.
   */
  LOG_FORMAT: z.enum(['json', 'text']).optional(),
});

const checkedSchema = configSchema
  .superRefine((c, ctx) => {
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'is required with the other VAPID key (set both or neither)',
      });
    if (c.PAYMENT_PROVIDER !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!c[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when PAYMENT_PROVIDER is stripe',
        });
    }
  })
  // Links in mail and payment returns must reach this process when PUBLIC_URL is not set.
  .transform((c) => ({ ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` }));

export type Config = z.output<typeof checkedSchema>;

/** Parses the environment; a wrong setting throws an error that names it and says what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = checkedSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
