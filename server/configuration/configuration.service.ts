import { eq } from 'drizzle-orm';
import type { configurationUpdateSchema } from '#shared/schemas/configuration.ts';
import type { z } from '#shared/schemas/zod.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { configuration, listingTypes } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

export async function updateConfiguration(
  db: Db,
  adminId: number,
  input: z.output<typeof configurationUpdateSchema>,
): Promise<void> {
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
}
