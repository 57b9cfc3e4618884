import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';

interface Credentials {
  email: string;
  password: string;
}

/**
 * Makes sure an administrator exists: the one of ADMIN_EMAIL and ADMIN_PASSWORD when both are set
 * (its password follows the setting), otherwise one generated on first start and kept under the
 * data folder. Returns the credentials to print.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
): Promise<Credentials & { source: string }> {
  const file = path.join(config.DATA_DIR, 'admin-credentials.json');
  let credentials: Credentials;
  let source: string;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    credentials = { email: config.ADMIN_EMAIL.toLowerCase(), password: config.ADMIN_PASSWORD };
    source = 'ADMIN_EMAIL and ADMIN_PASSWORD';
  } else {
    credentials = (await readCredentials(file)) ?? {
      email: 'admin@spotted.mt',
      password: `${randomBytes(9).toString('base64url')}Aa1`,
    };
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
    source = file;
  }
  const passwordHash = await hashPassword(credentials.password);
  const admin = { passwordHash, roleId: roles.admin, deletedAt: null };
  // Instances started together on a new database may both insert: one does, the other updates.
  const inserted = await db
    .insert(users)
    .values({
      ...admin,
      email: credentials.email,
      firstName: 'Spotted',
      lastName: 'Admin',
      // The operator chose the address.
      emailConfirmedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length)
    await db
      .update(users)
      .set(admin)
      .where(eq(sql`lower(${users.email})`, credentials.email));
  return { ...credentials, source };
}

async function readCredentials(file: string): Promise<Credentials | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Credentials>;
    return parsed.email && parsed.password
      ? { email: parsed.email, password: parsed.password }
      : null;
  } catch {
    return null;
  }
}
