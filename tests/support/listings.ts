import { and, eq } from 'drizzle-orm';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import { makes, models } from '../../server/db/schema/index.ts';
import type { TestContext } from './context.ts';
import { yarisListing } from './listing-payload.ts';

export { photos } from './listing-payload.ts';

/** The id of a model by make and model name. */
export async function modelId(ctx: TestContext, make: string, model: string) {
  const [row] = await ctx.db
    .select({ makeId: makes.id, modelId: models.id })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(makes.name, make), eq(models.name, model)));
  if (!row) throw new Error(`no ${make} ${model} in the reference data`);
  return row;
}

/** A complete, valid listing payload (a petrol Toyota Yaris, Standard type) with five photos. */
export async function listingPayload(
  ctx: TestContext,
  overrides: Partial<ListingPayloadInput> = {},
) {
  const { makeId, modelId: model } = await modelId(ctx, 'Toyota', 'Yaris');
  return yarisListing({ brand: makeId, model }, overrides);
}

/** Submits a listing as `token` and returns its id. */
export async function submitListing(
  ctx: TestContext,
  token: string,
  overrides: Partial<ListingPayloadInput> = {},
) {
  const json = await listingPayload(ctx, overrides);
  const res = await ctx.client(token).call((r) => r.cars.add.$post({ json }));
  if (res.code !== 0) throw new Error(`cars/add failed: ${res.message}`);
  return res.data.id;
}

/** Submits and approves a listing: a live listing's id. */
export async function liveListing(
  ctx: TestContext,
  token: string,
  adminToken: string,
  overrides: Partial<ListingPayloadInput> = {},
) {
  const id = await submitListing(ctx, token, overrides);
  const res = await ctx
    .client(adminToken)
    .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }));
  if (res.code !== 0) throw new Error(`approve failed: ${res.message}`);
  return id;
}
