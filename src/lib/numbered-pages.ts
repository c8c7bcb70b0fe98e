import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The paging of an infinite query over a list read by range (page 0, 1, …): a next page follows a full one, a
 * short page ends the list. Spread into `infiniteQueryOptions` beside the query key and function. (Newer lists
 * page by keyset instead: src/lib/keyset-cursor.ts.)
 */
export function numberedPages(pageSize: number) {
  return {
    initialPageParam: 0,
    getNextPageParam: (last: readonly unknown[], _pages: unknown, lastPage: number) =>
      last.length === pageSize ? lastPage + 1 : undefined,
  };
}

/** The first and last row index of page `page` (from 0), for PostgREST's `.range(from, to)`. */
export function pageRange(page: number, pageSize: number): [from: number, to: number] {
  const from = page * pageSize;
  return [from, from + pageSize - 1];
}

/** The options of an infinite query over a list read by range: `getPage` reads page 0, 1, … of `pageSize` rows. */
export function numberedPagesQueryOptions<TPage extends readonly unknown[], TQueryKey extends QueryKey>(
  queryKey: TQueryKey,
  pageSize: number,
  getPage: (page: number) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getPage(pageParam),
    ...numberedPages(pageSize),
  });
}
