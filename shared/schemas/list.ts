import { bounds } from '../limits.ts';
import { idParam } from './envelope.ts';
import { z } from './zod.ts';

/** The most rows one page of an admin list carries; a client wanting more asks page by page. */
export const LIST_PAGE_MAX = 1000;
/** Rows per page when a paged request names no perPage. */
export const LIST_PER_PAGE = 25;
/** The longest search text an admin list takes. */
export const LIST_SEARCH_MAX = 100;

export const sortOrders = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** `1,2,3` (or the key repeated) as a list of ids: react-admin's getMany. */
const idList = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  z
    .array(idParam)
    .min(1, 'Name at least one id')
    .max(LIST_PAGE_MAX, `At most ${LIST_PAGE_MAX} ids at once`),
);

const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

/**
 * The optional query of an admin list: `page` (from 1), `perPage` (1 to 1000, default 25),
 * `sort` (one of the resource's `sortFields`) with `order` (ASC or DESC), a free-text `q` and
 * `ids`. With none of them a list answers whole, as the spec's calls expect; with any of them it
 * answers one page and the total (`listPageSchema`).
 */
export const listQuerySchema = <const F extends readonly [string, ...string[]]>(sortFields: F) =>
  z.object({
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(bounds.pageNumber)
      .optional()
      .meta({ description: 'Page number, from 1' }),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(LIST_PAGE_MAX)
      .optional()
      .meta({ description: `Rows per page (default ${LIST_PER_PAGE}, or the number of ids)` }),
    sort: z.preprocess(blankAsMissing, z.enum(sortFields).optional()).meta({
      description: `Sort field: ${sortFields.join(', ')} (the list's own order without one)`,
    }),
    order: z.preprocess(
      (v) => (typeof v === 'string' ? blankAsMissing(v.toUpperCase()) : v),
      z.enum(sortOrders).optional(),
    ),
    q: z.preprocess(
      (v) => (typeof v === 'string' ? blankAsMissing(v.trim()) : v),
      z.string().max(LIST_SEARCH_MAX).optional(),
    ),
    ids: idList.optional().meta({ description: 'Only these ids, comma separated' }),
  });

export type ListQuery<F extends string = string> = {
  page?: number;
  perPage?: number;
  sort?: F;
  order?: SortOrder;
  q?: string;
  ids?: number[];
};

/** One page of an admin list and how many rows match in all. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalCount: z.number().int() });

export interface ListPage<T> {
  items: T[];
  totalCount: number;
}

/** An admin list's data: the whole list, or one page when any list parameter was sent. */
export const listAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), listPageSchema(item)]);

/**
 * The fields each admin list sorts by (the names of its rows' fields). Each is read from an index
 * or sorts a bounded set: the moderation queues and Top Spotted are short, while the active
 * listings (every live car) sort only by indexed columns.
 */
export const adminSorts = {
  listings: ['id', 'title', 'brand', 'model', 'body', 'year', 'price', 'typeId', 'createdAt'],
  activeListings: ['id', 'title', 'year', 'price', 'typeId', 'createdAt'],
  users: ['id', 'email', 'firstName', 'lastName', 'roleName', 'createdAt'],
  messages: ['id', 'email', 'phone', 'text', 'createdAt', 'replyMessage'],
  ads: ['id', 'client', 'title', 'dateCreated', 'dateExpiration', 'isActive', 'views', 'clicks'],
  vouchers: ['id', 'code', 'credits', 'createDate', 'expirationDate'],
  packages: ['id', 'name', 'amount', 'credits'],
  transactions: ['date'],
  named: ['id', 'name'],
} as const;

/** How every admin list route answers, for its OpenAPI description. */
export const listAnswerDescription =
  "Without list parameters the whole list (the spec's answer). With any of page, perPage, sort, " +
  'order, q (a free-text search) or ids it answers one page, {items, totalCount}: the rows of ' +
  'page `page` of `perPage` in the asked order (the id breaking ties) and how many rows match.';
