import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';

export type PagedQuery<Row> = Pick<
  UseInfiniteQueryResult<InfiniteData<Row[], unknown>>,
  'isPending' | 'isError' | 'data' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>;

type PagedListProps<Row> = {
  /** An infinite query whose pages are arrays of rows (src/lib/keyset-cursor.ts, src/lib/numbered-pages.ts). */
  query: PagedQuery<Row>;
  /** Said to screen readers while the first page loads (QueryState). */
  loading: string;
  /** Shown in the list's place when the first page failed (QueryState). */
  failed: string;
  toast?: boolean;
  size?: 'sm' | 'md';
  /**
   * Nothing at all while the first page loads or when it failed: a list that is an extra on its page and appears
   * only once it has rows.
   */
  quiet?: boolean;
  /** The rows shown of those loaded (every row unless given). */
  select?: (rows: Row[]) => Row[];
  /** Shown when there is no row and no more to load; null shows nothing. */
  empty: ReactNode;
  /** The list's accessible name. */
  label?: string;
  /** The list's own classes (its layout). */
  className?: string;
  /** `div` for a grid of cards that are not list items. */
  as?: 'ul' | 'div';
  /** One row: a list item (with its key) in a `ul`. */
  children: (row: Row, index: number) => ReactNode;
  /** The Load more button's words and spacing (src/components/load-more.tsx). */
  more?: { label?: string; busyLabel?: string; className?: string };
  /**
   * What surrounds the list and its Load more when there are rows: a heading, a count, a wrapper. Without it they
   * stand side by side.
   */
  frame?: (list: ReactNode, rows: Row[]) => ReactNode;
};

/**
 * The one paged list: the first page's loading and failure (QueryState), the empty state, the rows in a labelled
 * list, and Load more while there are more pages.
 */
export function PagedList<Row>({
  query,
  loading,
  failed,
  toast,
  size,
  quiet = false,
  select,
  empty,
  label,
  className,
  as: List = 'ul',
  children,
  more,
  frame = (list) => list,
}: PagedListProps<Row>) {
  if (quiet && (query.isPending || query.isError)) return null;
  return (
    <QueryState query={query} loading={loading} failed={failed} toast={toast} size={size}>
      {(data) => {
        const all = data.pages.flat();
        const rows = select ? select(all) : all;
        if (rows.length === 0 && !query.hasNextPage) return empty;
        return frame(
          <>
            <List className={className} aria-label={label}>
              {rows.map(children)}
            </List>
            <LoadMore
              {...more}
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>,
          rows,
        );
      }}
    </QueryState>
  );
}
