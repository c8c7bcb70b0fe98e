import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import type { DirectoryDesigner, useDesigners } from '@/features/designers/api/get-designers';
import { designerName } from '@/features/designers/utils/designer-format';
import { SaveToggle } from '@/features/saved/components/save-toggle';

type DesignerGridProps = {
  list: ReturnType<typeof useDesigners>;
  /** One designer's card. */
  children: (designer: DirectoryDesigner) => ReactNode;
};

/** The designer directory's pages as a grid of cards (Available Designers, Browse Designers), more on demand. */
export function DesignerGrid({ list, children }: DesignerGridProps) {
  return (
    <QueryState
      query={{ isPending: list.isPending, isError: list.isError, data: list.data?.pages.flat() }}
      loading="Loading designers…"
      failed="Failed to load designers"
    >
      {(designers) =>
        designers.length === 0 ? (
          <Card className="items-center py-12 text-center">
            <p className="text-muted-foreground">No designers available yet</p>
          </Card>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Designers">
              {designers.map((designer) => (
                <li key={designer.user_id} className="flex">
                  {children(designer)}
                </li>
              ))}
            </ul>
            <LoadMore
              hasNextPage={list.hasNextPage}
              isFetchingNextPage={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
            />
          </>
        )
      }
    </QueryState>
  );
}

/** The Save heart on a designer's card (src/features/saved), for a signed-in viewer who is not that designer. */
export function DesignerSaveSlot({ userId, designer }: { userId: string | undefined; designer: DirectoryDesigner }) {
  return userId && designer.user_id !== userId ? (
    <SaveToggle kind="designer" userId={userId} id={designer.user_id} title={designerName(designer)} />
  ) : null;
}
