import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';

type ProjectListProps = {
  isPending: boolean;
  isError: boolean;
  empty: ReactNode;
  count: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  children: ReactNode;
};

/**
 * Loading, error, empty and "Load more" states around a grid of project cards. The dashboards toast a failure
 * once for all their lists.
 */
export function ProjectList(props: ProjectListProps) {
  const query = { isPending: props.isPending, isError: props.isError, data: props.count };
  return (
    <QueryState query={query} loading="Loading projects…" failed="Failed to load projects" toast={false}>
      {(count) =>
        count === 0 ? (
          <p className="text-muted-foreground">{props.empty}</p>
        ) : (
          <div className="space-y-6">
            <div className="grid gap-4 md:grid-cols-2">{props.children}</div>
            <LoadMore
              hasNextPage={props.hasNextPage}
              isFetchingNextPage={props.isFetchingNextPage}
              onLoadMore={props.onLoadMore}
              className=""
            />
          </div>
        )
      }
    </QueryState>
  );
}
