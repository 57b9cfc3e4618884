/** The body of POST cars/search, made from the filter table (shared/search-filters.ts). */
import { bounds } from '../limits.ts';
import {
  searchFilterEntries,
  type SearchFilter,
  type SearchFilterName,
  type searchFilters,
} from '../search-filters.ts';
import { paging } from './envelope.ts';
import { flag, ids, optionalId, optionalNumber } from './listing-fields.ts';
import { z } from './zod.ts';

/** `deal`: the best deal first (the lowest price against its estimated market price; unrated last). */
export const sortFields = ['price', 'year', 'createdAt', 'deal'] as const;

/** ASC or DESC in any case; empty means the default. */
export const sortDirection = z
  .preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(['ASC', 'DESC']).nullish(),
  )
  .optional();

/** A filter's type and bounds in the body of POST cars/search; empty values mean "any". */
const filterSchema = (filter: SearchFilter) => {
  switch (filter.kind) {
    case 'id':
      return optionalId;
    case 'min':
    case 'max':
      return optionalNumber(
        z
          .number()
          .min(0)
          .max(filter.max ?? bounds.id),
      );
    case 'anyOf':
    case 'allOf':
      return ids.nullish();
    case 'text':
      return z
        .string()
        .trim()
        .max(filter.max ?? bounds.name)
        .nullish();
    case 'words':
      // Words with no letter or digit ('!!!') ask for nothing.
      return z
        .string()
        .max(filter.max ?? bounds.name)
        .transform((v) => (/[\p{L}\p{N}]/u.test(v) ? v.trim().replace(/\s+/g, ' ') : null))
        .nullish()
        .meta({
          description:
            'Words, each found at the start of a word of the make, model, title or description ' +
            "(all of them must be found); a make or model nearly spelt ('toyta') also finds it.",
        });
    case 'flag':
      return flag;
  }
};

type FilterSchemas = {
  id: typeof optionalId;
  min: ReturnType<typeof optionalNumber<z.ZodNumber>>;
  max: ReturnType<typeof optionalNumber<z.ZodNumber>>;
  anyOf: z.ZodOptional<z.ZodNullable<typeof ids>>;
  allOf: z.ZodOptional<z.ZodNullable<typeof ids>>;
  text: z.ZodOptional<z.ZodNullable<z.ZodString>>;
  words: z.ZodOptional<
    z.ZodNullable<z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>>
  >;
  flag: typeof flag;
};

/** POST cars/search: every filter of the spec, the sort and the page. */
export const searchSchema = z.object({
  ...(Object.fromEntries(searchFilterEntries.map(([name, f]) => [name, filterSchema(f)])) as {
    [N in SearchFilterName]: FilterSchemas[(typeof searchFilters)[N]['kind']];
  }),
  sortBy: z.preprocess((v) => (v === '' ? null : v), z.enum(sortFields).nullish()).optional(),
  sortDirection,
  ...paging().shape,
});
export type SearchFilters = z.output<typeof searchSchema>;
/**
 * What a client sends to POST cars/search: any of the filters (a missing one is no filter; the
 * preprocessed fields read as required in zod's input type).
 */
export type SearchRequest = z.input<typeof searchSchema>;
