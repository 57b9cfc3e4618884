/** The listing form's rules, made from the field table: each broken one names its field. */
import { ELECTRIC_FUEL_ID, limits } from '../limits.ts';
import { messages } from '../messages.ts';
import {
  appliesTo,
  listingFieldEntries,
  type ListingField,
  type ListingFieldName,
  type ProblemContext,
} from './listing-fields.ts';
import type { ListingPayload } from './listing-payload.ts';

const m = messages.listing;

type RuleInput = Partial<Omit<ListingPayload, 'images'>> & { images?: readonly unknown[] };

/** A broken rule: the field it is about and the spec's message. */
export interface ListingProblem {
  field: ListingFieldName | 'images';
  message: string;
}

const missing = (v: unknown) => v === null || v === undefined || v === '';

function isBlank(field: ListingField, value: unknown): boolean {
  if (field.kind === 'month') return value === undefined;
  if (field.kind === 'text') return typeof value !== 'string' || !value.trim();
  return field.zeroIsBlank ? !value : missing(value);
}

/**
 * Every one of the form's 26 rules the input breaks, in the spec's order (the form marks each
 * field; the dialog and the API name the first).
 */
export function listingProblems(input: RuleInput, ctx: ProblemContext): ListingProblem[] {
  const electric = input.fuel === ELECTRIC_FUEL_ID;
  const images = input.images?.length ?? 0;
  const problems: ListingProblem[] = [];
  if (images < limits.imagesMin) problems.push({ field: 'images', message: m.imagesMin });
  for (const [name, field] of listingFieldEntries) {
    if (!appliesTo(field, electric) || (field.addOnly && ctx.mode !== 'add')) continue;
    const value = input[name];
    if (field.required && isBlank(field, value)) {
      problems.push({ field: name, message: field.required });
    }
    const message = field.check?.(value as never, ctx);
    if (message) problems.push({ field: name, message });
  }
  // Beyond the spec's 26: the form never sends more than 20 photos; other clients are told.
  if (images > limits.imagesMax) problems.push({ field: 'images', message: m.imagesMax });
  return problems;
}

/** The form's 26 rules in the spec's order: the first one broken, or null when all hold. */
export const listingProblem = (input: RuleInput, ctx: ProblemContext): ListingProblem | null =>
  listingProblems(input, ctx)[0] ?? null;
