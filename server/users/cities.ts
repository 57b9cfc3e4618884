import { eq, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { cities } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

/** A city id from an id or a name (case-insensitive); an unknown one is refused. */
export async function resolveCity(
  db: Db,
  city: number | string | null | undefined,
): Promise<number> {
  if (city === null || city === undefined || city === '')
    throw badRequest(messages.register.cityRequired);
  const where =
    typeof city === 'number'
      ? eq(cities.id, city)
      : eq(sql`lower(${cities.name})`, city.trim().toLowerCase());
  const [row] = await db.select({ id: cities.id }).from(cities).where(where);
  if (!row) throw badRequest('City is not one of the localities of Malta and Gozo');
  return row.id;
}
