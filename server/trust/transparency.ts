import { sql } from 'drizzle-orm';
import type { TransparencyMonth } from '#shared/schemas/trust.ts';
import type { Db } from '../db/client.ts';
import { appeals, auditLog, conversationReports, reports } from '../db/schema/index.ts';

/** How many months the public page shows, newest first. */
export const TRANSPARENCY_MONTHS = 12;

/** Moderators' decisions on listings, as the moderation log names them. */
const DECISIONS = ['deny', 'deny-edit', 'suspend', 'activate', 'dismiss-reports'];

const month = (column: unknown) =>
  sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/**
 * Per month (UTC): reports received by ground (listings and conversations), decisions, how many
 * automated detection or reports prompted, reversals and the median time to decide; appeals made,
 * decided and reversed, and the median time to decide one. Computed from the moderation log, the
 * reports and the appeals, never stored.
 */
export async function transparency(db: Db, now = new Date()): Promise<TransparencyMonth[]> {
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TRANSPARENCY_MONTHS - 1), 1),
  );
  const decided = sql`${auditLog.action} in (${sql.join(
    DECISIONS.map((d) => sql`${d}`),
    sql`, `,
  )})`;
  const waited = sql`extract(epoch from ${auditLog.createdAt} - (${auditLog.details}->>'submittedAt')::timestamptz)`;
  const prompted = sql`(jsonb_array_length(coalesce(${auditLog.details}->'automatedDetection', '[]'::jsonb)) > 0 or coalesce((${auditLog.details}->>'reports')::int, 0) > 0)`;
  const appealWait = sql`extract(epoch from ${appeals.reviewedAt} - ${appeals.createdAt})`;
  const [decisionRows, listingReports, chatReports, appealsMade, appealsDecided] =
    await Promise.all([
      db
        .select({
          month: month(auditLog.createdAt),
          decisions: sql<number>`count(*)::int`,
          automated: sql<number>`(count(*) filter (where ${prompted}))::int`,
          reversals: sql<number>`(count(*) filter (where ${auditLog.action} = 'activate'))::int`,
          medianHours: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${waited}) filter (where ${auditLog.details} ? 'submittedAt') / 3600`.mapWith(
            (v) => (v === null ? null : Number(v)),
          ),
        })
        .from(auditLog)
        .where(sql`${decided} and ${auditLog.createdAt} >= ${since.toISOString()}`)
        .groupBy(month(auditLog.createdAt)),
      db
        .select({
          month: month(reports.createdAt),
          ground: reports.ground,
          n: sql<number>`count(*)::int`,
        })
        .from(reports)
        .where(sql`${reports.createdAt} >= ${since.toISOString()}`)
        .groupBy(month(reports.createdAt), reports.ground),
      db
        .select({
          month: month(conversationReports.createdAt),
          ground: conversationReports.ground,
          n: sql<number>`count(*)::int`,
        })
        .from(conversationReports)
        .where(sql`${conversationReports.createdAt} >= ${since.toISOString()}`)
        .groupBy(month(conversationReports.createdAt), conversationReports.ground),
      db
        .select({ month: month(appeals.createdAt), n: sql<number>`count(*)::int` })
        .from(appeals)
        .where(sql`${appeals.createdAt} >= ${since.toISOString()}`)
        .groupBy(month(appeals.createdAt)),
      db
        .select({
          month: month(appeals.reviewedAt),
          n: sql<number>`count(*)::int`,
          reversed: sql<number>`(count(*) filter (where ${appeals.outcome} = 'reversed'))::int`,
          medianHours: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${appealWait}) / 3600`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
        })
        .from(appeals)
        .where(sql`${appeals.reviewedAt} >= ${since.toISOString()}`)
        .groupBy(month(appeals.reviewedAt)),
    ]);
  const months: TransparencyMonth[] = [];
  for (let i = 0; i < TRANSPARENCY_MONTHS; i++) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const key = start.toISOString().slice(0, 7);
    const decision = decisionRows.find((row) => row.month === key);
    const received = [...listingReports, ...chatReports].filter((row) => row.month === key);
    const of = (ground: 'illegal' | 'terms') =>
      received.filter((row) => row.ground === ground).reduce((sum, row) => sum + row.n, 0);
    const decided = appealsDecided.find((row) => row.month === key);
    const hours = (value: number | null | undefined) =>
      value == null ? null : Math.round(value * 10) / 10;
    months.push({
      month: key,
      reports: { illegal: of('illegal'), terms: of('terms') },
      decisions: decision?.decisions ?? 0,
      automated: decision?.automated ?? 0,
      reversals: (decision?.reversals ?? 0) + (decided?.reversed ?? 0),
      medianHours: hours(decision?.medianHours),
      appeals: appealsMade.find((row) => row.month === key)?.n ?? 0,
      appealsDecided: decided?.n ?? 0,
      appealsReversed: decided?.reversed ?? 0,
      appealMedianHours: hours(decided?.medianHours),
    });
  }
  return months;
}
