import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Writes who did what in the back-office; call it in the same transaction as the change. */
export async function audit(
  db: Db,
  adminId: number,
  action: string,
  entity: string,
  entityId: number | null,
  details?: Record<string, unknown>,
) {
  await db.insert(auditLog).values({ adminId, action, entity, entityId, details: details ?? null });
}
