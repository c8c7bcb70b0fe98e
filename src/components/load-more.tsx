import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type Props = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  label?: string;
  /** The button's text while the next page loads. */
  busyLabel?: string;
  /** Spacing above the button (its row). */
  className?: string;
};

/** The end of a paged list: a Load more button while there is more. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  label = 'Load more',
  busyLabel = 'Loading…',
  className = 'mt-8',
}: Props) {
  if (!hasNextPage) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
        {isFetchingNextPage ? busyLabel : label}
      </Button>
    </div>
  );
}
