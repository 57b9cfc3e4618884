import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '#shared/limits.ts';
import { createTestDatabase } from '../../../tests/support/database.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../client.ts';
import { users } from '../schema/index.ts';
import { ensureAdmin } from './admin.ts';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'spotted-admin-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the administrator made at start', () => {
  it('is made once when two instances start together on a new database', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'Boss@Spotted.mt',
      ADMIN_PASSWORD: 'FirstPass123',
    });
    await Promise.all([ensureAdmin(database.db, config), ensureAdmin(database.db, config)]);
    const admins = await database.db.select().from(users).where(eq(users.roleId, roles.admin));
    expect(admins.map((a) => a.email)).toEqual(['boss@spotted.mt']);
  });

  it('follows ADMIN_PASSWORD at a later start', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'boss@spotted.mt',
      ADMIN_PASSWORD: 'SecondPass456',
    });
    await ensureAdmin(database.db, config);
    const [admin] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'boss@spotted.mt'));
    expect(await verifyPassword(admin!.passwordHash, 'SecondPass456')).toBe(true);
  });
});
