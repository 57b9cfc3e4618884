import { addMilliseconds } from 'date-fns/addMilliseconds';
import { milliseconds } from 'date-fns/milliseconds';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { limits } from '#shared/limits.ts';
import type { AddAd, AdminAd, UpdateAd } from '#shared/schemas/ad.ts';
import type { adminSorts, ListPage, ListQuery } from '#shared/schemas/list.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { listPage, picked, orderOf, pageWindow, wantsPage, type SortColumn } from '../db/lists.ts';
import { ads, cities } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { uploadAsJpeg } from '../images/process.ts';
import { newKey, type Storage } from '../storage/storage.ts';
import { resolveCity } from '../users/cities.ts';

const adNotFound = () => notFound('Ad not found');

/** The moment an ad shown from `from` for `days` days stops being shown. */
export const expiryAfter = (from: Date, days: number) =>
  addMilliseconds(from, milliseconds({ days }));

const adColumns = {
  id: ads.id,
  title: ads.title,
  description: ads.description,
  url: ads.url,
  views: ads.views,
  location: cities.name,
  cityId: ads.cityId,
  client: ads.client,
  imageKey: ads.imageKey,
  daysActive: ads.daysActive,
  clicks: ads.clicks,
  isActive: ads.isActive,
  createdAt: ads.createdAt,
  expiresAt: ads.expiresAt,
};

const selectAds = (db: Db) =>
  db.select(adColumns).from(ads).leftJoin(cities, eq(cities.id, ads.cityId));
type AdRow = Awaited<ReturnType<typeof selectAds>>[number];

/** An ad as the back-office shows it: an expired ad reads as not active (it can be activated). */
function toAdminAd(row: AdRow, now = new Date()): AdminAd {
  const { imageKey, createdAt, expiresAt, isActive, ...fields } = row;
  return {
    ...fields,
    isActive: isActive && expiresAt > now,
    image: imageKey ? `/images/${imageKey}` : null,
    dateCreated: createdAt.toISOString(),
    dateExpiration: expiresAt.toISOString(),
  };
}

export type AdSort = (typeof adminSorts.ads)[number];

const adSorts: Record<AdSort, SortColumn> = {
  id: ads.id,
  client: sql`lower(${ads.client})`,
  title: sql`lower(${ads.title})`,
  dateCreated: ads.createdAt,
  dateExpiration: ads.expiresAt,
  isActive: sql`(${ads.isActive} and ${ads.expiresAt} > now())`,
  views: ads.views,
  clicks: ads.clicks,
};

const newestFirst = [desc(ads.createdAt), desc(ads.id)];

/**
 * Every ad, newest first; or, with any list parameter, one page and the total (`q` finds a
 * title, client, description or link anywhere, or an id).
 */
export async function listAds(
  db: Db,
  query: ListQuery<AdSort> = {},
): Promise<AdminAd[] | ListPage<AdminAd>> {
  const now = new Date();
  const toAd = (rows: AdRow[]) => rows.map((row) => toAdminAd(row, now));
  if (!wantsPage(query)) return toAd(await selectAds(db).orderBy(...newestFirst));
  const where = picked(query, ads.id, [ads.title, ads.client, ads.description, ads.url]);
  const { limit, offset } = pageWindow(query);
  return listPage(
    selectAds(db)
      .where(where)
      .orderBy(...orderOf(query, adSorts, ads.id, newestFirst))
      .limit(limit)
      .offset(offset)
      .then(toAd),
    db
      .select({ n: count() })
      .from(ads)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
}

export async function getAd(db: Db, id: number): Promise<AdminAd> {
  const [row] = await selectAds(db).where(eq(ads.id, id));
  if (!row) throw adNotFound();
  return toAdminAd(row);
}

/** cityId wins over location; undefined keeps what is stored, null clears it. */
async function cityOf(db: Db, input: Pick<AddAd, 'cityId' | 'location'>) {
  const city = input.cityId !== undefined ? input.cityId : input.location;
  if (city === undefined || city === null) return city;
  return resolveCity(db, city);
}

/** Checks the bytes, re-encodes as JPEG without metadata and stores it; returns its key. */
async function saveAdImage(storage: Storage, base64: string): Promise<string> {
  const image = await uploadAsJpeg(base64, 'Image', limits.imageMaxSide);
  const key = newKey('ads');
  await storage.put(key, image.body, 'image/jpeg');
  return key;
}

export async function addAd(deps: Deps, adminId: number, input: AddAd): Promise<AdminAd> {
  const cityId = (await cityOf(deps.db, input)) ?? null;
  const imageKey = await saveAdImage(deps.storage, input.image);
  const now = new Date();
  const id = await deps.db.transaction(async (tx) => {
    const [ad] = await tx
      .insert(ads)
      .values({
        title: input.title,
        description: input.description,
        url: input.url,
        imageKey,
        cityId,
        client: input.client,
        daysActive: input.daysActive,
        isActive: true,
        createdAt: now,
        expiresAt: expiryAfter(now, input.daysActive),
      })
      .returning({ id: ads.id });
    if (!ad) throw new Error('insert into ads returned no row');
    await audit(tx, adminId, 'create', 'ad', ad.id, {
      title: input.title,
      client: input.client,
      daysActive: input.daysActive,
    });
    return ad.id;
  });
  return getAd(deps.db, id);
}

/**
 * Saves the fields and extends the ad: it runs for daysActive days again from now. Whether it is
 * active is not changed (a deactivated ad stays deactivated until it is activated).
 */
export async function updateAd(deps: Deps, adminId: number, input: UpdateAd): Promise<AdminAd> {
  const [existing] = await deps.db.select({ id: ads.id }).from(ads).where(eq(ads.id, input.id));
  if (!existing) throw adNotFound();
  const cityId = await cityOf(deps.db, input);
  const imageKey = input.image ? await saveAdImage(deps.storage, input.image) : undefined;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(ads)
      .set({
        title: input.title,
        description: input.description,
        url: input.url,
        client: input.client,
        daysActive: input.daysActive,
        expiresAt: expiryAfter(now, input.daysActive),
        ...(cityId !== undefined && { cityId }),
        ...(imageKey && { imageKey }),
      })
      .where(eq(ads.id, input.id))
      .returning({ id: ads.id });
    if (!updated.length) throw adNotFound();
    await audit(tx, adminId, 'update', 'ad', input.id, {
      title: input.title,
      client: input.client,
      daysActive: input.daysActive,
      newImage: Boolean(imageKey),
    });
  });
  return getAd(deps.db, input.id);
}

export async function deactivateAd(db: Db, adminId: number, id: number): Promise<AdminAd> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(ads)
      .set({ isActive: false })
      .where(eq(ads.id, id))
      .returning({ id: ads.id });
    if (!updated.length) throw adNotFound();
    await audit(tx, adminId, 'deactivate', 'ad', id);
  });
  return getAd(db, id);
}

/**
 * Shows the ad again. An ad whose time has run out is extended by its daysActive from now; one
 * that was deactivated early keeps its expiry.
 */
export async function activateAd(db: Db, adminId: number, id: number): Promise<AdminAd> {
  await db.transaction(async (tx) => {
    const [ad] = await tx
      .select({ expiresAt: ads.expiresAt, daysActive: ads.daysActive })
      .from(ads)
      .where(eq(ads.id, id))
      .for('update');
    if (!ad) throw adNotFound();
    const now = new Date();
    const extended = ad.expiresAt <= now;
    const expiresAt = extended ? expiryAfter(now, ad.daysActive) : ad.expiresAt;
    await tx.update(ads).set({ isActive: true, expiresAt }).where(eq(ads.id, id));
    await audit(tx, adminId, 'activate', 'ad', id, {
      extended,
      dateExpiration: expiresAt.toISOString(),
    });
  });
  return getAd(db, id);
}

/** Counts a view or a click of a live ad; an unknown, deactivated or expired ad is 404. */
export async function countAd(db: Db, id: number, what: 'views' | 'clicks'): Promise<void> {
  const column = ads[what];
  const updated = await db
    .update(ads)
    .set({ [what]: sql`${column} + 1` })
    .where(and(eq(ads.id, id), eq(ads.isActive, true), gt(ads.expiresAt, new Date())))
    .returning({ id: ads.id });
  if (!updated.length) throw adNotFound();
}
