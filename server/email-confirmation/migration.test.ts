import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, expect, it } from 'vitest';
import { fromPglite, newPglite } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';

// On PGlite whichever engine the run is for: the migration is the same plain SQL on both.
const TAG = '0026_email_confirmation';
const database = fromPglite(newPglite());
const db = database.db as unknown as PgliteDatabase;
afterAll(() => database.close());

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The migrations folder as it was before `TAG`: its files, and a journal that ends before it. */
async function migrationsBefore(tag: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'spotted-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  await writeFile(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  return folder;
}

it('counts the accounts made before confirmation existed as confirmed, from when they registered', async () => {
  const before = await migrationsBefore(TAG);
  try {
    await migrate(db, { migrationsFolder: before });
  } finally {
    await rm(before, { recursive: true, force: true });
  }
  await db.execute(sql`
    insert into users (role_id, email, password_hash, first_name, created_at)
    values (2, 'early@example.mt', 'x', 'Early', '2025-06-01T10:00:00Z')`);

  await migrate(db, { migrationsFolder });
  const { rows } = await db.execute<{ confirmed: string | null; created: string }>(sql`
    select email_confirmed_at::text as confirmed, created_at::text as created
    from users where email = 'early@example.mt'`);
  expect(rows[0]?.confirmed).not.toBeNull();
  expect(rows[0]?.confirmed).toBe(rows[0]?.created);
  // Every migration on a new database, then the rest: longer than a test's usual time.
}, 120_000);
