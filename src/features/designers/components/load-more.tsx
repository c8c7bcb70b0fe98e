import { Button } from '@/components/ui/button';

type Props = { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore: () => void; label?: string };

/** The end of a paged list: a Load more button while there is more. */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore, label = 'Load more' }: Props) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-8 flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </div>
  );
}
