import {
  savedSearchAlerts,
  savedSearchMessages,
  savedSearchNameMax,
  type SavedSearchAlert,
} from '../saved-searches.ts';
import { mileageUnits } from '../mileage.ts';
import { searchSchema } from './listing-search.ts';
import { z } from './zod.ts';

export { savedSearchAlerts, savedSearchMessages, savedSearchNameMax, type SavedSearchAlert };

/** A saved search's filters and sort: the body of POST cars/search without its page. */
export const savedSearchFiltersSchema = searchSchema.omit({ pageNumber: true, pageSize: true });
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;
/** What a client sends as the filters (any of them). */
export type SavedSearchFiltersInput = z.input<typeof savedSearchFiltersSchema>;

const name = z
  .string({ error: savedSearchMessages.nameRequired })
  .trim()
  .min(1, savedSearchMessages.nameRequired)
  .max(savedSearchNameMax, `The name can have at most ${savedSearchNameMax} characters`);
const alert = z.enum(savedSearchAlerts);
/** The unit its alerts state mileages in: the one the buyer searched in (the filters are in miles). */
const mileageUnit = z.enum(mileageUnits);

/**
 * POST saved-searches: a name, the search, the alert (instant unless told otherwise) and the
 * unit of its alerts (the spec's miles unless told otherwise).
 */
export const savedSearchCreateSchema = z.object({
  name,
  filters: savedSearchFiltersSchema,
  alert: alert.default('instant'),
  mileageUnit: mileageUnit.default('mi'),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PUT saved-searches/{id}: a new name, a new alert, or both. */
export const savedSearchUpdateSchema = z.object({
  name: name.optional(),
  alert: alert.optional(),
});
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

/** A saved search as its owner sees it; `newCount`: live cars that matched since it was last opened. */
export const savedSearchSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    filters: z.record(z.string(), z.unknown()),
    alert: alert,
    mileageUnit,
    newCount: z.number().int(),
    lastOpenedAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** POST saved-searches/unsubscribe: the signed token of an alert e-mail's link. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(2000) });
export const unsubscribedSchema = z.object({ name: z.string() });
