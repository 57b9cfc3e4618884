import { milliseconds } from 'date-fns/milliseconds';
import { subMilliseconds } from 'date-fns/subMilliseconds';
import { and, count, eq, isNotNull, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { Turnaround } from '#shared/schemas/trust.ts';
import type { Db } from '../db/client.ts';
import { auditLog, listings, reports } from '../db/schema/index.ts';
import { dayInMalta, isBusinessDay, PROMISE_BUSINESS_DAYS } from './holidays.ts';

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The instant a Malta calendar day (yyyy-mm-dd) starts: UTC+2 in summer, UTC+1 in winter. */
export function startOfMaltaDay(day: string): Date {
  const summer = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 3_600_000);
  return dayInMalta(summer) === day ? summer : new Date(summer.getTime() + 3_600_000);
}

/**
 * What arrived before this instant has waited past the promise at `now`: more than five business
 * days have passed since its day (holidays.ts counts them the same way), so it arrived before the
 * sixth business day back from today.
 */
export function overdueBefore(now: Date): Date {
  let day = dayInMalta(now);
  let seen = 0;
  for (;;) {
    if (isBusinessDay(day)) seen += 1;
    if (seen === PROMISE_BUSINESS_DAYS + 1) return startOfMaltaDay(day);
    day = addDays(day, -1);
  }
}

/** Decisions whose audit row says when the decided item arrived (moderation.service.ts). */
const DECISIONS = [
  'approve',
  'deny',
  'approve-edit',
  'deny-edit',
  'suspend',
  'activate',
  'dismiss-reports',
];

const MEDIAN_DAYS = 30;

/** Each queue's size, oldest item and overdue count, and the median time to decision. */
export async function turnaround(db: Db, now = new Date()): Promise<Turnaround> {
  const cutoff = overdueBefore(now);
  const clock = async (queue: Turnaround['queues'][number]['queue'], arrivals: SubqueryOf) => {
    const [row] = await db
      .select({
        waiting: count(),
        oldest: min(arrivals.at),
        overdue: sql<number>`count(*) filter (where ${arrivals.at} < ${cutoff.toISOString()})::int`,
      })
      .from(arrivals);
    return {
      queue,
      waiting: row?.waiting ?? 0,
      oldestAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
      overdue: row?.overdue ?? 0,
    };
  };
  const pending = (where: SQL | undefined, name: string) =>
    db
      .select({ at: sql<string>`${listings.updatedAt}`.as('at') })
      .from(listings)
      .where(and(eq(listings.state, 'PENDING'), where))
      .as(name);
  const reported = db
    .select({ at: sql<string>`min(${reports.createdAt})`.as('at') })
    .from(reports)
    .innerJoin(listings, eq(listings.id, reports.listingId))
    .where(
      and(isNull(reports.dismissedAt), eq(listings.state, 'ACTIVE'), isNull(listings.originalId)),
    )
    .groupBy(reports.listingId)
    .as('reported');
  const queues = [
    await clock('requests', pending(isNull(listings.originalId), 'requests')),
    await clock('edits', pending(isNotNull(listings.originalId), 'edits')),
    await clock('reports', reported),
  ];
  const since = subMilliseconds(now, milliseconds({ days: MEDIAN_DAYS }));
  const waited = sql`extract(epoch from ${auditLog.createdAt} - (${auditLog.details}->>'submittedAt')::timestamptz)`;
  const [median] = await db
    .select({
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${waited}) / 3600`.mapWith(Number),
      decisions: count(),
    })
    .from(auditLog)
    .where(
      and(
        sql`${auditLog.action} in (${sql.join(
          DECISIONS.map((d) => sql`${d}`),
          sql`, `,
        )})`,
        sql`${auditLog.createdAt} >= ${since.toISOString()}`,
        sql`${auditLog.details} ? 'submittedAt'`,
      ),
    );
  const decisions = median?.decisions ?? 0;
  return {
    queues,
    medianHours: decisions && median?.hours != null ? Math.round(median.hours * 10) / 10 : null,
    decisions,
  };
}

type SubqueryOf = { at: SQL.Aliased<string> } & Parameters<ReturnType<Db['select']>['from']>[0];
