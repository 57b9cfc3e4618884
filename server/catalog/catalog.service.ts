import { asc, eq, sql } from 'drizzle-orm';
import { enumerableKinds, type Enumerables } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { enumerables, equipmentItems, makes, models, safetyItems } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

export async function listEnumerables(db: Db): Promise<Enumerables> {
  const rows = await db
    .select()
    .from(enumerables)
    .orderBy(asc(enumerables.kind), asc(enumerables.id));
  const result = Object.fromEntries(
    enumerableKinds.map((k) => [k, [] as { id: number; name: string }[]]),
  );
  for (const row of rows) result[row.kind]?.push({ id: row.id, name: row.name });
  return result as Enumerables;
}

export const listMakes = (db: Db) =>
  db
    .select({ id: makes.id, name: makes.name })
    .from(makes)
    .orderBy(asc(sql`lower(${makes.name})`));

export async function listModels(db: Db, makeId: number) {
  const [make] = await db.select({ id: makes.id }).from(makes).where(eq(makes.id, makeId));
  if (!make) throw notFound('Make not found');
  return db
    .select({ id: models.id, name: models.name, brandId: models.makeId })
    .from(models)
    .where(eq(models.makeId, makeId))
    .orderBy(asc(sql`lower(${models.name})`));
}

export const listSafety = (db: Db) =>
  db
    .select({ id: safetyItems.id, name: safetyItems.name })
    .from(safetyItems)
    .orderBy(asc(safetyItems.id));

export const listEquipment = (db: Db) =>
  db
    .select({ id: equipmentItems.id, name: equipmentItems.name })
    .from(equipmentItems)
    .orderBy(asc(equipmentItems.id));

export async function addMake(db: Db, adminId: number, name: string) {
  return db.transaction(async (tx) => {
    const [make] = await tx
      .insert(makes)
      .values({ name })
      .onConflictDoNothing()
      .returning({ id: makes.id, name: makes.name });
    if (!make) throw conflict(`The make ${name} already exists`);
    await audit(tx, adminId, 'create', 'make', make.id, { name });
    return make;
  });
}

export async function addModel(db: Db, adminId: number, makeId: number, name: string) {
  return db.transaction(async (tx) => {
    const [make] = await tx.select({ id: makes.id }).from(makes).where(eq(makes.id, makeId));
    if (!make) throw badRequest(messages.admin.enterNameAndMake);
    const [model] = await tx
      .insert(models)
      .values({ makeId, name })
      .onConflictDoNothing()
      .returning({ id: models.id, name: models.name, brandId: models.makeId });
    if (!model) throw conflict(`The model ${name} already exists for this make`);
    await audit(tx, adminId, 'create', 'model', model.id, { name, makeId });
    return model;
  });
}
