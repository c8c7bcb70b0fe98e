import type { ReactNode } from 'react';
import { PagedList, type PagedQuery } from '@/components/paged-list';

type ProjectListProps<Row> = {
  query: PagedQuery<Row>;
  empty: ReactNode;
  /** One project's card (with its key). */
  children: (project: Row) => ReactNode;
};

/**
 * A paged grid of project cards with its loading, error, empty and "Load more" states. The dashboards toast a
 * failure once for all their lists.
 */
export function ProjectList<Row>({ query, empty, children }: ProjectListProps<Row>) {
  return (
    <PagedList
      query={query}
      loading="Loading projects…"
      failed="Failed to load projects"
      toast={false}
      empty={<p className="text-muted-foreground">{empty}</p>}
      as="div"
      className="grid gap-4 md:grid-cols-2"
      more={{ className: '' }}
      frame={(list) => <div className="space-y-6">{list}</div>}
    >
      {(project) => children(project)}
    </PagedList>
  );
}
