import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  LIST_PER_PAGE,
  type ListPage,
  type ListQuery,
  type SortOrder,
} from '#shared/schemas/list.ts';

/** Whether a request asked for a page (any list parameter); without one a list answers whole. */
export const wantsPage = (query: ListQuery) => Object.values(query).some((v) => v !== undefined);

/** The rows one page covers: `perPage` rows (or as many as the ids asked for) from the page's start. */
export function pageWindow(query: ListQuery) {
  const limit = query.perPage ?? query.ids?.length ?? LIST_PER_PAGE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * How a list sorts by one field: a column or expression (the id then breaks ties in the same
 * direction, so pages never overlap), or the whole ORDER BY for each direction when an index
 * needs it spelled its own way.
 */
export type SortColumn = AnyColumn | SQL | ((order: SortOrder) => SQL[]);

/** The ORDER BY of a page: the asked field of the resource's whitelist, or the list's own order. */
export function orderOf<F extends string>(
  query: ListQuery<F>,
  fields: Record<F, SortColumn>,
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  if (!query.sort) return fallback;
  const order = query.order ?? 'ASC';
  const field = fields[query.sort];
  if (typeof field === 'function') return field(order);
  const direction = order === 'DESC' ? desc : asc;
  return [direction(field), direction(id)];
}

/**
 * Sorting by the columns of an index declared descending (`.desc()`, which puts nulls last): the
 * nulls spelled the index's way, so PostgreSQL reads it forwards for DESC and backwards for ASC.
 */
export const byDescendingIndex =
  (...columns: AnyColumn[]) =>
  (order: SortOrder) =>
    columns.map((column) =>
      order === 'DESC' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`,
    );

/** `q` as an ILIKE pattern that finds it anywhere, its own `%`, `_` and `\` taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `q` as an id when it is a whole number (a search for "42" also finds row 42). */
export const asId = (q: string) => (/^\d{1,9}$/.test(q) ? Number(q) : null);

/** The rows a list query picks: the `ids` asked for, and `q` found in any of `texts` or as the id. */
export function picked(
  query: ListQuery,
  id: AnyColumn,
  texts: (AnyColumn | SQL)[],
): SQL | undefined {
  const pattern = query.q ? containing(query.q) : null;
  const asNumber = query.q ? asId(query.q) : null;
  return and(
    query.ids ? inArray(id, query.ids) : undefined,
    pattern
      ? or(
          ...texts.map((text) => ilike(text, pattern)),
          asNumber === null ? undefined : eq(id, asNumber),
        )
      : undefined,
  );
}

/** A page's rows and the total, run together. */
export async function listPage<T>(
  rows: Promise<T[]>,
  total: Promise<number>,
): Promise<ListPage<T>> {
  const [items, totalCount] = await Promise.all([rows, total]);
  return { items, totalCount };
}

type Sortable = string | number | boolean | null | undefined;

/**
 * A page of a list held in memory (reference data: makes, models): `q` matches the `text` of a
 * row anywhere, case-insensitively, or its id; sorting by a field of `sorts`, then by id.
 */
export function pageInMemory<T extends { id: number }, F extends string>(
  rows: readonly T[],
  query: ListQuery<F>,
  options: { sorts: Record<F, (row: T) => Sortable>; text: (row: T) => string[] },
): ListPage<T> {
  let found = [...rows];
  if (query.ids) {
    const ids = new Set(query.ids);
    found = found.filter((row) => ids.has(row.id));
  }
  if (query.q) {
    const q = query.q.toLowerCase();
    const id = asId(query.q);
    found = found.filter(
      (row) => row.id === id || options.text(row).some((t) => t.toLowerCase().includes(q)),
    );
  }
  if (query.sort) {
    const value = options.sorts[query.sort];
    const direction = query.order === 'DESC' ? -1 : 1;
    found.sort((a, b) => direction * (compare(value(a), value(b)) || a.id - b.id));
  }
  const { limit, offset } = pageWindow(query);
  return { items: found.slice(offset, offset + limit), totalCount: found.length };
}

function compare(a: Sortable, b: Sortable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string')
    return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return a < b ? -1 : 1;
}
