import type { ReactNode } from 'react';
import { PagedList, type PagedQuery } from '@/components/paged-list';
import { Card } from '@/components/ui/card';
import type { DirectoryDesigner } from '@/features/designers/api/get-designers';

/** The grid of a designer directory (Available Designers, Browse Designers), paged, one card per designer. */
export function DesignerDirectory({
  query,
  filtered = false,
  children,
}: {
  query: PagedQuery<DirectoryDesigner>;
  /** Whether filters narrow the list (the empty state then says so). */
  filtered?: boolean;
  /** One designer's card. */
  children: (designer: DirectoryDesigner) => ReactNode;
}) {
  return (
    <PagedList
      query={query}
      loading="Loading designers…"
      failed="Failed to load designers"
      empty={
        <Card className="items-center py-12 text-center">
          <p className="text-muted-foreground">
            {filtered ? 'No designers match these filters' : 'No designers available yet'}
          </p>
        </Card>
      }
      label="Designers"
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
    >
      {(designer) => (
        <li key={designer.user_id} className="flex">
          {children(designer)}
        </li>
      )}
    </PagedList>
  );
}
