import { Link } from 'react-router-dom';
import { PieceCover } from '@/components/piece-cover';
import { Badge } from '@/components/ui/badge';
import { useSavedItems, type SavedItem } from '@/features/saved/api/get-saved-pieces';
import { formatMoney } from '@/lib/format';
import { availabilityLabel } from '@/lib/piece-availability';
import { RemoveSavedButton, SavedList } from '@/features/saved/components/saved-list-parts';

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
  const photo = item?.photo_urls?.[0] ?? item?.image_url ?? null;
  const note = item ? availabilityLabel(item, now) : null;
  return (
    <li className="flex items-center gap-4 rounded-lg border bg-card p-3" data-testid="saved-item">
      <PieceCover url={photo} width={96} height={72} className="h-18 w-24 shrink-0 rounded-md" iconClassName="size-6" />
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
            {saved.was_price !== null ? (
              <span className="text-muted-foreground">
                <span className="sr-only">Price dropped, </span>was <s>{formatMoney(saved.was_price)}</s>
              </span>
            ) : null}
            {note ? <Badge variant="secondary">{note}</Badge> : null}
          </p>
        ) : null}
      </div>
      <RemoveSavedButton kind="item" userId={userId} id={saved.catalog_item_id} name={title} />
    </li>
  );
}

/** The Saved page's pieces, last saved first, paged; each one links to its page and can be removed. */
export function SavedItemsList({ userId, itemHref, browseHref }: Props) {
  const saved = useSavedItems(userId);
  return (
    <SavedList
      query={saved}
      label="Saved pieces"
      loading="Loading saved pieces…"
      failed="Failed to load saved pieces"
      empty="No saved pieces yet. Tap the heart on a piece to keep it here."
      browse={{ label: 'Browse Good Stuff', href: browseHref }}
    >
      {(row) => (
        <SavedItemRow
          key={row.catalog_item_id}
          saved={row}
          userId={userId}
          itemHref={itemHref}
          now={saved.dataUpdatedAt}
        />
      )}
    </SavedList>
  );
}
