import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
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
      {props.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={props.onLoadMore} disabled={props.isFetchingNextPage}>
            {props.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
