import { Armchair } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSavedItems, type SavedItem } from '@/features/saved/api/get-saved-items';
import { useToggleSaved } from '@/features/saved/api/toggle-saved';
import { formatMoney } from '@/lib/format';
import { availabilityLabel } from '@/lib/piece-availability';

type Props = {
  userId: string;
  itemHref: (itemId: string) => string;
  /** Where to find pieces (the empty state's link). */
  browseHref: string;
};

function SavedItemRow({
  saved,
  userId,
  itemHref,
  now,
}: {
  saved: SavedItem;
  userId: string;
  itemHref: Props['itemHref'];
  /** When the list was read: what "reserved now" is measured against. */
  now: number;
}) {
  const item = saved.item;
  const title = item?.title ?? 'This piece';
  const remove = useToggleSaved('item', userId, saved.catalog_item_id, {
    onSuccess: () => toast.success(`Removed ${title} from Saved`),
    onError: () => toast.error(`Could not remove ${title}`),
  });
  const photo = item?.photo_urls?.[0] ?? item?.image_url ?? null;
  const note = item ? availabilityLabel(item, now) : null;
  return (
    <li className="flex items-center gap-4 rounded-lg border bg-card p-3" data-testid="saved-item">
      {photo ? (
        <img
          src={photo}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          decoding="async"
          className="h-18 w-24 shrink-0 rounded-md object-cover"
        />
      ) : (
        <div className="flex h-18 w-24 shrink-0 items-center justify-center rounded-md bg-muted" aria-hidden="true">
          <Armchair className="size-6 text-muted-foreground" />
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        {item ? (
          <Link to={itemHref(item.id)} className="font-medium break-words hover:underline">
            {item.title}
          </Link>
        ) : (
          <p className="text-muted-foreground">This piece is no longer listed</p>
        )}
        {item ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{formatMoney(item.price)}</span>
            {note ? <Badge variant="secondary">{note}</Badge> : null}
          </p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        onClick={() => remove.mutate(false)}
        aria-label={`Remove ${title} from Saved`}
      >
        Remove
      </Button>
    </li>
  );
}

/** The Saved page's pieces, last saved first, paged; each one links to its page and can be removed. */
export function SavedItemsList({ userId, itemHref, browseHref }: Props) {
  const saved = useSavedItems(userId);
  return (
    <QueryState query={saved} loading="Loading saved pieces…" failed="Failed to load saved pieces">
      {(data) => {
        const rows = data.pages.flat();
        if (rows.length === 0)
          return (
            <div className="space-y-2 py-4">
              <p className="text-muted-foreground">No saved pieces yet. Tap the heart on a piece to keep it here.</p>
              <Button asChild variant="outline" size="sm">
                <Link to={browseHref}>Browse Good Stuff</Link>
              </Button>
            </div>
          );
        return (
          <>
            <ul className="space-y-3" aria-label="Saved pieces">
              {rows.map((row) => (
                <SavedItemRow
                  key={row.catalog_item_id}
                  saved={row}
                  userId={userId}
                  itemHref={itemHref}
                  now={saved.dataUpdatedAt}
                />
              ))}
            </ul>
            <LoadMore
              className="mt-4"
              hasNextPage={saved.hasNextPage}
              isFetchingNextPage={saved.isFetchingNextPage}
              onLoadMore={() => void saved.fetchNextPage()}
            />
          </>
        );
      }}
    </QueryState>
  );
}
