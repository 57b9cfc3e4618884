import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import type { adminSorts, ListQuery } from '#shared/schemas/list.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { pageInMemory, wantsPage } from '../db/lists.ts';
import type { Reference } from './reference.ts';
import { makes, models } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

export type NamedSort = (typeof adminSorts.named)[number];

/**
 * Makes or models (reference data, in memory) whole, by name; or, with any list parameter, one
 * page and the total (`q` finds a name anywhere, or an id).
 */
export function namedList<T extends Named>(rows: T[], query: ListQuery<NamedSort>) {
  if (!wantsPage(query)) return rows;
  return pageInMemory(rows, query, {
    sorts: { id: (row) => row.id, name: (row) => row.name },
    text: (row) => [row.name],
  });
}

/** The models of a make, from the reference data; an unknown make is 404. */
export function listModels(reference: Reference, makeId: number, query: ListQuery<NamedSort> = {}) {
  if (!reference.makeName(makeId)) throw notFound('Make not found');
  return namedList(reference.models(makeId), query);
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
