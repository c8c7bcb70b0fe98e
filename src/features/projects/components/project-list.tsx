import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/ui/spinner';

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

/** Loading, error, empty and "Load more" states around a grid of project cards. */
export function ProjectList(props: ProjectListProps) {
  if (props.isPending) return <Spinner label="Loading projects…" />;
  if (props.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load projects
      </p>
    );
  if (props.count === 0) return <p className="text-muted-foreground">{props.empty}</p>;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">{props.children}</div>
      <LoadMore
        hasNextPage={props.hasNextPage}
        isFetchingNextPage={props.isFetchingNextPage}
        onLoadMore={props.onLoadMore}
        className=""
      />
    </div>
  );
}
