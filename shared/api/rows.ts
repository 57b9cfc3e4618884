import type { ListPage } from '../schemas/list.ts';

/**
 * The rows of a list's data: the whole list (asked for without list parameters) or a page's. Kept
 * apart from the list schemas so that the browser's scripts take it without zod.
 */
export const rowsOf = <T>(data: T[] | ListPage<T>): T[] =>
  Array.isArray(data) ? data : data.items;
