import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/support/database.ts';
import { boot } from './boot.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/client.ts';
import {
  adminMenuItems,
  cities,
  makes,
  models,
  paymentPackages,
  users,
} from './db/schema/index.ts';

let dataDir: string;
let url: string | undefined;
let closeTemplateCopy: () => Promise<void> = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spotted-boot-'));
  // On the PostgreSQL project the app boots on a fresh database of its own through DATABASE_URL.
  const database = await createTestDatabase();
  if (database.kind === 'postgres') {
    url = database.url;
    closeTemplateCopy = database.close;
  } else {
    await database.close();
  }
});
afterAll(async () => {
  await closeTemplateCopy();
  await rm(dataDir, { recursive: true, force: true });
});

async function counts(db: Db) {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    cities: await n(cities),
    makes: await n(makes),
    models: await n(models),
    packages: await n(paymentPackages),
    menu: await n(adminMenuItems),
    users: await n(users),
  };
}

describe('start-up', () => {
  it('migrates, loads reference and demo data and creates the admin, the same at every start', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
    const told: string[] = [];
    const first = await boot(config, (line) => told.push(line));
    const before = await counts(first.deps.db);
    expect(before).toMatchObject({ cities: 68, packages: 6, menu: 19, users: 8 });
    expect(before.makes).toBeGreaterThanOrEqual(40);
    const stored = JSON.parse(await readFile(path.join(dataDir, 'admin-credentials.json'), 'utf8'));
    expect(stored).toEqual({ email: first.admin.email, password: first.admin.password });
    const [admin] = await first.deps.db
      .select()
      .from(users)
      .where(eq(users.email, first.admin.email));
    expect(admin?.roleId).toBe(1);
    await first.deps.changes.close();
    await first.database.close();

    // The first start says what it does, the demo data with its size; a later one loads none.
    expect(told).toEqual([
      expect.stringMatching(/^Applying the migrations/),
      expect.stringMatching(/^Loading the reference data/),
      expect.stringMatching(/^Loading the demo data/),
      expect.stringMatching(/^Demo data loaded: 7 sellers and \d+ listings\.$/),
    ]);
    told.length = 0;
    const second = await boot(config, (line) => told.push(line));
    expect(told).toHaveLength(2);
    expect(await counts(second.deps.db)).toEqual(before);
    expect(second.admin.password).toBe(first.admin.password);
    await second.deps.changes.close();
    await second.database.close();
    // The demo data's 40 listings go through the real photo pipeline (every size and format).
  }, 180_000);
});
