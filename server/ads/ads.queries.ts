import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ads } from '../db/schema/index.ts';

/** The ads the home page cycles through: active and not expired. */
export async function liveAds(db: Db) {
  const rows = await db
    .select({
      id: ads.id,
      url: ads.url,
      imageKey: ads.imageKey,
      title: ads.title,
      description: ads.description,
    })
    .from(ads)
    .where(and(eq(ads.isActive, true), gt(ads.expiresAt, new Date())))
    .orderBy(asc(ads.id));
  return rows.map(({ imageKey, ...ad }) => ({
    ...ad,
    image: imageKey ? `/images/${imageKey}` : null,
  }));
}
