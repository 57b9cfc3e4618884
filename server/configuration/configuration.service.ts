import { asc, eq } from 'drizzle-orm';
import type {
  configurationUpdateSchema,
  PublicConfiguration,
} from '#shared/schemas/configuration.ts';
import type { z } from '#shared/schemas/zod.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { adminMenuItems, cities, configuration, listingTypes } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

export async function getConfiguration(db: Db): Promise<PublicConfiguration> {
  const [row] = await db.select().from(configuration).where(eq(configuration.id, 1));
  if (!row) throw new Error('configuration row is missing: reference data was not loaded');
  const types = await db.select().from(listingTypes).orderBy(asc(listingTypes.id));
  const { id: _id, ...fields } = row;
  return { ...fields, listingTypes: types };
}

export async function updateConfiguration(
  db: Db,
  adminId: number,
  input: z.output<typeof configurationUpdateSchema>,
): Promise<PublicConfiguration> {
  const { listingTypes: prices, ...fields } = input;
  await db.transaction(async (tx) => {
    await tx.update(configuration).set(fields).where(eq(configuration.id, 1));
    for (const type of prices ?? []) {
      const updated = await tx
        .update(listingTypes)
        .set({ price: type.price })
        .where(eq(listingTypes.id, type.id))
        .returning({ id: listingTypes.id });
      if (!updated.length) throw badRequest(`Listing type ${type.id} does not exist`);
    }
    await audit(tx, adminId, 'update', 'configuration', 1, input);
  });
  return getConfiguration(db);
}

export const listCities = (db: Db) =>
  db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.name));

export const adminMenu = (db: Db) =>
  db
    .select({
      id: adminMenuItems.id,
      title: adminMenuItems.title,
      icon: adminMenuItems.icon,
      section: adminMenuItems.section,
      isActive: adminMenuItems.isActive,
    })
    .from(adminMenuItems)
    .orderBy(asc(adminMenuItems.position));
