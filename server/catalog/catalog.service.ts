import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import type { Reference } from './reference.ts';
import { makes, models } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

/** The models of a make, from the reference data; an unknown make is 404. */
export function listModels(reference: Reference, makeId: number) {
  if (!reference.makeName(makeId)) throw notFound('Make not found');
  return reference.models(makeId);
}

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
