import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config.ts';

/** The error loadConfig throws for `env`, or a failure when it throws none. */
function errorFor(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives the defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DEMO_DATA).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('Spotted <no-reply@spotted.mt>');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.JOBS).toBe(true);
    expect(config.PUBLIC_URL).toBe('http://localhost:4321');
    expect(config.REVIEW_AFTER_DAYS).toBe(3);
  });

  it('defaults PUBLIC_URL to the port the app listens on', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://spotted.mt' }).PUBLIC_URL).toBe(
      'https://spotted.mt',
    );
  });

  it('reads numbers, URLs and paths', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/spotted',
      DATABASE_URL: 'postgres://spotted@db:5432/spotted',
      SMTP_URL: 'smtp://mail.example.mt:25',
      JWT_SECRET: 's'.repeat(32),
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('/var/lib/spotted');
    expect(config.DATABASE_URL).toBe('postgres://spotted@db:5432/spotted');
    expect(config.SMTP_URL).toBe('smtp://mail.example.mt:25');
    expect(config.JWT_SECRET).toBe('s'.repeat(32));
  });

  it('reads how often the subscription job runs: a minute unless told, 1 to 3600 seconds', () => {
    expect(loadConfig({}).SUBSCRIPTIONS_EVERY_SECONDS).toBe(60);
    expect(loadConfig({ SUBSCRIPTIONS_EVERY_SECONDS: '1' }).SUBSCRIPTIONS_EVERY_SECONDS).toBe(1);
    expect(errorFor({ SUBSCRIPTIONS_EVERY_SECONDS: '0' }).message).toMatch(
      /SUBSCRIPTIONS_EVERY_SECONDS/,
    );
    expect(errorFor({ SUBSCRIPTIONS_EVERY_SECONDS: '3601' }).message).toMatch(
      /SUBSCRIPTIONS_EVERY_SECONDS/,
    );
  });

  it('accepts postgresql:// URLs too', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y' }).DATABASE_URL).toBe('postgresql://x/y');
  });

  it('throws a ConfigError naming PORT when it is not a number', () => {
    const error = errorFor({ PORT: 'abc' });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/PORT/);
  });

  it('rejects a port out of range', () => {
    expect(errorFor({ PORT: '70000' }).message).toMatch(/PORT/);
    expect(errorFor({ PORT: '0' }).message).toMatch(/PORT/);
  });

  it('throws naming DATABASE_URL when it is not a PostgreSQL URL', () => {
    const error = errorFor({ DATABASE_URL: 'mysql://x' });
    expect(error.message).toMatch(/DATABASE_URL/);
    expect(error.message).toMatch(/postgres/);
  });

  it('throws naming JWT_SECRET when it is shorter than 32 characters', () => {
    const error = errorFor({ JWT_SECRET: 'x'.repeat(31) });
    expect(error.message).toMatch(/JWT_SECRET/);
    expect(error.message).toMatch(/32/);
  });

  it('takes the VAPID keys as a pair, and names the one missing or malformed', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    expect(errorFor({ VAPID_PUBLIC_KEY: publicKey }).message).toMatch(
      /VAPID_PRIVATE_KEY: is required with the other VAPID key/,
    );
    expect(
      errorFor({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'x'.repeat(43) }).message,
    ).toMatch(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
    expect(errorFor({ VAPID_SUBJECT: 'http://spotted.mt' }).message).toMatch(/VAPID_SUBJECT/);
    const config = loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'x'.repeat(43) });
    expect([config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY]).toEqual([
      publicKey,
      'x'.repeat(43),
    ]);
  });

  it('names every wrong setting at once', () => {
    const error = errorFor({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(error.message).toMatch(/PORT/);
    expect(error.message).toMatch(/DATABASE_URL/);
  });

  it('reads booleans', () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'no' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).TRUST_PROXY).toBe(true);
    expect(errorFor({ DEMO_DATA: 'maybe' }).message).toMatch(/DEMO_DATA/);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      JWT_SECRET: '',
      DEMO_DATA: '',
      SMTP_URL: '',
      DATA_DIR: '',
    });
    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.DEMO_DATA).toBe(true);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
  });

  it('treats undefined values as unset', () => {
    expect(loadConfig({ PORT: undefined }).PORT).toBe(4321);
  });

  it('ignores variables it does not know', () => {
    const config = loadConfig({ PATH: '/usr/bin', HOME: '/root' });
    expect(config).not.toHaveProperty('PATH');
    expect(config.PORT).toBe(4321);
  });
});

describe('configSchema', () => {
  it('parses an empty object to the defaults', () => {
    const result = configSchema.safeParse({});
    expect(result.success).toBe(true);
    expect(result.data?.PORT).toBe(4321);
    expect(result.data?.DEMO_DATA).toBe(true);
  });

  it('rejects an SMTP URL of another scheme', () => {
    const result = configSchema.safeParse({ SMTP_URL: 'http://mail' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['SMTP_URL']);
  });
});
