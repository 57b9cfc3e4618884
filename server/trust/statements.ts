import { and, count, eq, isNull } from 'drizzle-orm';
import { groundLabels, type ModerationGround, type ReviewFlags } from '#shared/schemas/trust.ts';
import type { Db } from '../db/client.ts';
import { reasonTemplates, reports } from '../db/schema/index.ts';
import { escapeHtml, type Notice } from '../notifications/notify.ts';

/** What a statement of reasons says about automation: what detected it, and who decided. */
export interface AutomatedMeans {
  /** The automated checks that flagged the listing (duplicate photos or chassis, scam patterns). */
  detection: ('duplicate' | 'scam')[];
  /** Open reports from users that prompted the decision. */
  reports: number;
  /** Whether the decision itself was taken without a person (reports hiding a listing). */
  decidedAutomatically: boolean;
}

/** One decision as its statement of reasons states it (and the moderation log keeps it). */
export interface Statement {
  decision: 'denied' | 'edit-denied' | 'suspended' | 'hidden' | 'removed';
  ground: ModerationGround;
  /** The reason the moderator gave, or the rule applied; null when none was given. */
  reason: string | null;
  automated: AutomatedMeans;
}

/** How long after a decision its owner may ask for it to be looked at again. */
export const APPEAL_MONTHS = 6;

/**
 * The ground of a reason: the template's when the reason starts with a kept template's text (the
 * dialogs offer them to pick and extend); otherwise a breach of the terms of use.
 */
export async function groundOf(db: Db, reason: string | null | undefined) {
  if (!reason) return 'terms' as const;
  const templates = await db
    .select({ text: reasonTemplates.text, ground: reasonTemplates.ground })
    .from(reasonTemplates);
  const match = templates.find((t) => reason.startsWith(t.text));
  return match?.ground ?? 'terms';
}

/** The automated means behind a decision on a listing: its trust flags and its open reports. */
export async function automatedMeansOf(
  db: Db,
  listing: { id: number; reviewFlags: ReviewFlags | null },
  decidedAutomatically = false,
): Promise<AutomatedMeans> {
  const [open] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.listingId, listing.id), isNull(reports.dismissedAt)));
  const flags = listing.reviewFlags;
  return {
    detection: [
      ...(flags?.duplicates.length ? (['duplicate'] as const) : []),
      ...(flags?.scam.length ? (['scam'] as const) : []),
    ],
    reports: open?.n ?? 0,
    decidedAutomatically,
  };
}

const detectionNames = { duplicate: 'duplicate detection', scam: 'scam detection' } as const;

/** Where the owner appeals a decision on a listing (the site's appeal page). */
export const appealPath = (listingId: number) => `/appeal/${listingId}`;

const APPEAL_LINK = 'Appeal this decision';

/**
 * The statement's lines, in the order the owner reads them; the last says how to appeal (the
 * e-mail adds the appeal page's address, `appealAt`; the app links the words).
 */
export function statementLines(statement: Statement, appealAt?: string): string[] {
  const { automated } = statement;
  const means = [
    ...automated.detection.map((d) => `flagged by automated ${detectionNames[d]}`),
    ...(automated.reports
      ? [
          `prompted by ${automated.reports === 1 ? '1 report' : `${automated.reports} reports`} from users`,
        ]
      : []),
  ];
  const automation =
    (means.length ? `${means.join('; ')}. ` : 'No automated detection was involved. ') +
    (automated.decidedAutomatically
      ? 'The decision was taken automatically; a moderator reviews it.'
      : 'A moderator took the decision.');
  return [
    `Ground: ${groundLabels[statement.ground]}${statement.reason ? ` (${statement.reason})` : ''}.`,
    `Automated means: ${automation}`,
    `How to appeal: within ${APPEAL_MONTHS} months, choose ${APPEAL_LINK}${appealAt ? ` at ${appealAt}` : ''}; a moderator who did not take this decision reviews it and tells you the outcome.`,
  ];
}

/**
 * A notice with the statement of reasons after its text, in the app (with a link to the appeal
 * page) and in the e-mail (with its address under `publicUrl`).
 */
export function withStatement(
  notice: Notice,
  statement: Statement,
  listingId: number,
  publicUrl: string,
): Notice {
  const path = appealPath(listingId);
  const inApp = statementLines(statement)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')
    .replace(`choose ${APPEAL_LINK}`, `choose <a href="${path}">${APPEAL_LINK}</a>`);
  const mailLines = statementLines(statement, `${publicUrl}${path}`);
  return {
    ...notice,
    message: `${notice.message}${inApp}`,
    mail: `${(notice.mail ?? '').replace(/\n\nSpotted$/, '')}\n\n${mailLines.join('\n')}\n\nSpotted`,
  };
}

/** What the moderation log keeps of a statement (the transparency figures read it). */
export const loggedStatement = (statement: Statement) => ({
  ground: statement.ground,
  automatedDetection: statement.automated.detection,
  reports: statement.automated.reports,
  decidedAutomatically: statement.automated.decidedAutomatically,
});
