/** The favourites screen's sort choices (the spec's five) and how each reaches the API. */
export const sortOptions = [
  { value: '', label: 'Default' },
  { value: 'price-asc', label: 'Price ascending', sortBy: 'price', sortDirection: 'ASC' },
  { value: 'price-desc', label: 'Price descending', sortBy: 'price', sortDirection: 'DESC' },
  { value: 'year-asc', label: 'Year ascending', sortBy: 'year', sortDirection: 'ASC' },
  { value: 'year-desc', label: 'Year descending', sortBy: 'year', sortDirection: 'DESC' },
] as const;

export type SortValue = (typeof sortOptions)[number]['value'];

/** A sort from the address bar; anything unknown is the default. */
export const parseSort = (value: string | null): SortValue =>
  sortOptions.find((o) => o.value === value)?.value ?? '';

/** The request body of POST favorite/get for a page and a sort. */
export function favoritesQuery(
  userId: number,
  sort: SortValue,
  pageNumber: number,
  pageSize: number,
) {
  const option = sortOptions.find((o) => o.value === sort);
  return {
    userId,
    sortBy: option && 'sortBy' in option ? option.sortBy : null,
    sortDirection: option && 'sortDirection' in option ? option.sortDirection : null,
    pageNumber,
    pageSize,
  };
}

/** The address of a page and sort, as the pagination links and the back button use it. */
export function favoritesHref(sort: SortValue, page: number) {
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/favorites?${query}` : '/favorites';
}

/** The page numbers to show: the first, the last and two around the current; 0 marks a gap. */
export function pageWindow(page: number, pages: number): number[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - (shown[i - 1] ?? p) > 1 ? [0, p] : [p]));
}
