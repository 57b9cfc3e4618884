import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { adminSorts, ListPage, ListQuery } from '#shared/schemas/list.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { referenceOf } from '../catalog/reference.ts';
import type { Db } from '../db/client.ts';
import {
  asId,
  containing,
  listPage,
  orderOf,
  pageWindow,
  wantsPage,
  type SortColumn,
} from '../db/lists.ts';
import { enumerables, listings, makes, models, reports } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { CountCache } from './counts.ts';
import { cards, defaultOrder } from './listings.queries.ts';

export type CardSort = (typeof adminSorts.listings)[number];

const hasOpenReport = exists(
  sql`(select 1 from ${reports} where ${reports.listingId} = ${listings.id} and ${reports.dismissedAt} is null)`,
);

const request = isNull(listings.originalId);
const newest = [desc(listings.updatedAt), desc(listings.id)];

/** Each back-office listing list: which listings, in what order without a sort field. */
export const moderationLists = {
  requests: { where: and(request, eq(listings.state, 'PENDING')), order: newest },
  denied: { where: and(request, eq(listings.state, 'DENIED')), order: newest },
  edits: {
    where: and(isNotNull(listings.originalId), eq(listings.state, 'PENDING')),
    order: newest,
  },
  reported: { where: and(request, eq(listings.state, 'ACTIVE'), hasOpenReport), order: newest },
  suspended: { where: and(request, eq(listings.state, 'SUSPENDED')), order: newest },
  active: { where: and(request, eq(listings.state, 'ACTIVE')), order: [desc(listings.id)] },
  topSpotted: {
    where: and(request, eq(listings.state, 'ACTIVE'), isNotNull(listings.topSpottedAt)),
    order: [desc(listings.topSpottedAt), desc(listings.id)],
  },
} satisfies Record<string, { where: SQL | undefined; order: SQL[] }>;

export type ModerationList = keyof typeof moderationLists;

/**
 * A back-office listing list: whole, as the spec's calls answer it (every live listing capped at
 * 10,000), or one page and the total when any list parameter was sent.
 */
export function moderationList(
  deps: Pick<Deps, 'db' | 'countCache'>,
  list: ModerationList,
  query: ListQuery<CardSort>,
): Promise<CarCard[] | ListPage<CarCard>> {
  if (wantsPage(query)) return moderationPage(deps.db, list, query, deps.countCache);
  const { where, order } = moderationLists[list];
  return cards(deps.db, where, order, list === 'active' ? 10_000 : 500);
}

const bodyName = alias(enumerables, 'body_name');

const sortColumns: Record<CardSort, SortColumn> = {
  id: listings.id,
  title: sql`lower(${listings.title})`,
  brand: sql`lower(${makes.name})`,
  model: sql`lower(${models.name})`,
  body: sql`lower(${bodyName.name})`,
  year: sql`${listings.year}`,
  price: sql`${listings.price}`,
  // The tier, then newest first: the live-order index read forwards or backwards.
  typeId: (order) =>
    order === 'ASC'
      ? defaultOrder
      : [
          desc(listings.listingTypeId),
          sql`${listings.publishedAt} asc nulls first`,
          sql`${listings.id} asc nulls first`,
        ],
  createdAt: sql`${listings.createdAt}`,
};

/**
 * A search finds a listing by its title (anywhere in it), make or model, or its id. Makes and
 * models are matched in the reference data first, so every part reads an index of the listings
 * (trigrams of the title, make, model, id) and PostgreSQL ORs them rather than scanning.
 */
async function search(db: Db, q: string) {
  const reference = await referenceOf(db);
  const text = q.toLowerCase();
  const named = (rows: Named[]) =>
    rows.filter((row) => row.name.toLowerCase().includes(text)).map((row) => row.id);
  const makeIds = named(reference.makes);
  const modelIds = named(reference.makes.flatMap((make) => reference.models(make.id)));
  const id = asId(q);
  return or(
    ilike(listings.title, containing(q)),
    makeIds.length ? inArray(listings.makeId, makeIds) : undefined,
    modelIds.length ? inArray(listings.modelId, modelIds) : undefined,
    id === null ? undefined : eq(listings.id, id),
  );
}

/**
 * One page of a back-office listing list and its total. The page's ids come first from the
 * listings alone (an index read in the asked order), then the cards of just those ids, so a
 * deep page costs an index range rather than building every card before it.
 */
export async function moderationPage(
  db: Db,
  list: ModerationList,
  query: ListQuery<CardSort>,
  counts?: CountCache,
): Promise<ListPage<CarCard>> {
  const { where, order } = moderationLists[list];
  const filter = and(
    where,
    query.ids ? inArray(listings.id, query.ids) : undefined,
    query.q ? await search(db, query.q) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const ids = db
    .select({ id: listings.id })
    .from(listings)
    .leftJoin(makes, eq(makes.id, listings.makeId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .leftJoin(bodyName, and(eq(bodyName.kind, 'bodies'), eq(bodyName.id, listings.bodyId)))
    .where(filter)
    .orderBy(...orderOf(query, sortColumns, listings.id, order))
    .limit(limit)
    .offset(offset);
  const countQuery = db.select({ n: count() }).from(listings).where(filter);
  const total = async () => (await countQuery)[0]?.n ?? 0;
  const { sql: text, params } = countQuery.toSQL();
  return listPage(
    ids.then((rows) =>
      cardsInOrder(
        db,
        rows.map((row) => row.id),
      ),
    ),
    // Live listings' totals are kept until one changes (the change notices cover only those).
    list === 'active' && counts ? counts.get(JSON.stringify([text, params]), total) : total(),
  );
}

async function cardsInOrder(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const found = await cards(db, inArray(listings.id, ids), [asc(listings.id)], ids.length);
  const byId = new Map(found.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
