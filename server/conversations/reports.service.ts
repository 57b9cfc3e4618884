import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ConversationReport, ConversationReportDetail } from '#shared/schemas/conversation.ts';
import { reportNotices } from '#shared/schemas/trust.ts';
import { audit } from '../audit/audit.ts';
import { tellReporter } from '../trust/reporter-notices.ts';
import type { Db } from '../db/client.ts';
import {
  conversationMessages,
  conversationReports,
  conversations,
  listings,
} from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { namesOf } from './conversations.queries.ts';

const REPORTS_MAX = 500;

function reportQuery(db: Db) {
  return db
    .select({
      id: conversationReports.id,
      conversationId: conversations.id,
      carId: listings.id,
      carTitle: listings.title,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      reporterId: conversationReports.reporterId,
      reason: conversationReports.reason,
      createdAt: conversationReports.createdAt,
      resolvedAt: conversationReports.resolvedAt,
    })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(listings, eq(listings.id, conversations.listingId));
}

type Row = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number];

const toReport = (row: Row, names: Map<number, string>): ConversationReport => ({
  ...row,
  buyerName: names.get(row.buyerId) ?? '',
  sellerName: names.get(row.sellerId) ?? '',
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** The reports of conversations, open ones first, newest first (administrators). */
export async function listReports(db: Db): Promise<ConversationReport[]> {
  const rows = await reportQuery(db)
    .orderBy(sql`${conversationReports.resolvedAt} is not null`, desc(conversationReports.id))
    .limit(REPORTS_MAX);
  const names = await namesOf(db, [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]);
  return rows.map((r) => toReport(r, names));
}

/** A report with every message of its conversation: the only way an administrator reads one. */
export async function reportDetail(db: Db, id: number): Promise<ConversationReportDetail> {
  const [row] = await reportQuery(db).where(eq(conversationReports.id, id));
  if (!row) throw notFound('Report not found');
  const [names, messages] = await Promise.all([
    namesOf(db, [row.buyerId, row.sellerId]),
    db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, row.conversationId))
      .orderBy(asc(conversationMessages.id)),
  ]);
  return {
    ...toReport(row, names),
    messages: messages.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      senderName: names.get(m.senderId) ?? '',
      text: m.text,
      flagged: m.flagged,
      sentAt: m.createdAt.toISOString(),
    })),
  };
}

/** Closes a report (the admin dealt with it); written to the audit log. */
export async function resolveReport(db: Db, adminId: number, id: number) {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(conversationReports)
      .set({ resolvedAt: new Date() })
      .where(sql`${conversationReports.id} = ${id} and ${isNull(conversationReports.resolvedAt)}`)
      .returning({ id: conversationReports.id });
    if (!done) {
      const [exists] = await tx
        .select({ id: conversationReports.id })
        .from(conversationReports)
        .where(eq(conversationReports.id, id));
      if (!exists) throw notFound('Report not found');
    } else {
      await audit(tx, adminId, 'resolve', 'conversation_report', id);
      const [row] = await reportQuery(tx).where(eq(conversationReports.id, id));
      if (row) {
        await tellReporter(
          tx,
          { userId: row.reporterId, contact: null },
          reportNotices.outcomeTitle,
          reportNotices.reviewed(reportNotices.conversation(row.carTitle)),
        );
      }
    }
    return reportDetail(tx, id);
  });
}
