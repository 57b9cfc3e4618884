import type { AppealedDecision, AppealOutcome } from '#shared/schemas/appeal.ts';

/** How the queue names a decision under appeal. */
export const decisionLabels: Record<AppealedDecision, string> = {
  denied: 'Denial',
  'edit-denied': 'Edit denial',
  suspended: 'Suspension',
  hidden: 'Hidden by reports',
};

export const outcomeLabels: Record<AppealOutcome, string> = {
  upheld: 'Upheld',
  reversed: 'Reversed',
};

/** An appeal's state in the queue: open, or its outcome. */
export const stateLabel = (outcome: AppealOutcome | null) =>
  outcome ? outcomeLabels[outcome] : 'Open';
