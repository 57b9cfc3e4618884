import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type {
  AuditEntry,
  AuditQuery,
  ModerationGround,
  ReasonKind,
  ReasonTemplate,
  Review,
} from '#shared/schemas/trust.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog, listings, reasonTemplates, users } from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { timelineOf } from '../history/history.service.ts';
import { carChassis } from './flags.ts';
import { startOfMaltaDay } from './turnaround.ts';

const entryColumns = {
  id: auditLog.id,
  adminId: auditLog.adminId,
  adminEmail: users.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

interface EntryRow {
  id: number;
  adminId: number;
  adminEmail: string;
  action: string;
  entity: string;
  entityId: number | null;
  details: unknown;
  createdAt: Date;
}

const toEntry = (row: EntryRow): AuditEntry => {
  const details = (row.details ?? null) as Record<string, unknown> | null;
  const reason = typeof details?.reason === 'string' ? details.reason : null;
  return { ...row, details, reason, createdAt: row.createdAt.toISOString() };
};

const entries = (db: Db) =>
  db.select(entryColumns).from(auditLog).innerJoin(users, eq(users.id, auditLog.adminId));

/** GET cars/review/{id}: what the trust checks found, whether reports hid it, and its history. */
export async function reviewOf(db: Db, id: number): Promise<Review> {
  const [row] = await db
    .select({
      originalId: listings.originalId,
      flags: listings.reviewFlags,
      hiddenAt: listings.hiddenAt,
      userId: listings.userId,
      chassisNumber: listings.chassisNumber,
    })
    .from(listings)
    .where(eq(listings.id, id));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  const chassis = carChassis(row.chassisNumber);
  const listingId = row.originalId ?? id;
  const [original] = row.originalId
    ? await db
        .select({ hiddenAt: listings.hiddenAt })
        .from(listings)
        .where(eq(listings.id, row.originalId))
    : [row];
  const history = await entries(db)
    .where(and(eq(auditLog.entity, 'listing'), eq(auditLog.entityId, listingId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(100);
  return {
    flags: row.flags ?? null,
    hiddenAt: original?.hiddenAt?.toISOString() ?? null,
    history: history.map(toEntry),
    mileage: chassis ? await timelineOf(db, chassis, { id: listingId, userId: row.userId }) : null,
  };
}

/** The moderation log: newest first, one page, filtered by admin, action and Malta days. */
export async function moderationLog(db: Db, query: AuditQuery) {
  const where: (SQL | undefined)[] = [
    query.adminId ? eq(auditLog.adminId, query.adminId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.createdAt, startOfMaltaDay(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, startOfMaltaDay(nextDay(query.to))) : undefined,
  ];
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    entries(db)
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return { items: rows.map(toEntry), totalCount: total?.n ?? 0 };
}

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The log's filter choices: the admins and actions that occur in it. */
export async function logFacets(db: Db) {
  const [admins, actions] = await Promise.all([
    db
      .selectDistinct({ id: users.id, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.adminId))
      .orderBy(users.email),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { admins, actions: actions.map((a) => a.action) };
}

export async function reasonTemplateList(db: Db, kind?: ReasonKind): Promise<ReasonTemplate[]> {
  return db
    .select({
      id: reasonTemplates.id,
      kind: reasonTemplates.kind,
      text: reasonTemplates.text,
      ground: reasonTemplates.ground,
    })
    .from(reasonTemplates)
    .where(kind ? eq(reasonTemplates.kind, kind) : undefined)
    .orderBy(asc(reasonTemplates.kind), asc(reasonTemplates.id));
}

const templateColumns = {
  id: reasonTemplates.id,
  kind: reasonTemplates.kind,
  text: reasonTemplates.text,
  ground: reasonTemplates.ground,
};

export async function addReasonTemplate(
  db: Db,
  admin: Caller,
  input: { kind: ReasonKind; text: string; ground?: ModerationGround | undefined },
): Promise<ReasonTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reasonTemplates)
      .values({ ...input, ground: input.ground ?? 'terms' })
      .returning(templateColumns);
    if (!row) throw new Error('reason template insert returned nothing');
    await audit(tx, admin.id, 'add-reason-template', 'reason-template', row.id, input);
    return row;
  });
}

export async function updateReasonTemplate(
  db: Db,
  admin: Caller,
  id: number,
  input: { kind: ReasonKind; text: string; ground?: ModerationGround | undefined },
): Promise<ReasonTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reasonTemplates)
      .set(input)
      .where(eq(reasonTemplates.id, id))
      .returning(templateColumns);
    if (!row) throw notFound('This reason does not exist');
    await audit(tx, admin.id, 'update-reason-template', 'reason-template', id, input);
    return row;
  });
}

export async function removeReasonTemplate(db: Db, admin: Caller, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reasonTemplates)
      .where(eq(reasonTemplates.id, id))
      .returning(templateColumns);
    if (!row) throw notFound('This reason does not exist');
    await audit(tx, admin.id, 'remove-reason-template', 'reason-template', id, {
      kind: row.kind,
      text: row.text,
      ground: row.ground,
    });
  });
}
