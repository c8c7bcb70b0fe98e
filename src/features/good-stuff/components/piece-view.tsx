import { Heart, MapPin, Ruler } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { PieceDetail } from '@/features/good-stuff/api/get-piece';
import { useSavedCount } from '@/features/good-stuff/api/get-saved-count';
import { categoryLabel, conditionLabel, formatDimensions, formatListedAgo } from '@/features/good-stuff/utils/piece-fields';
import { AvailabilityBadge } from '@/features/good-stuff/components/availability-badge';
import { PieceStatusActions } from '@/features/good-stuff/components/piece-status-actions';
import { PhotoCarousel } from '@/features/good-stuff/components/photo-carousel';
import { formatMilesAway, formatMoney } from '@/lib/format';

type PieceViewProps = {
  item: PieceDetail;
  viewerId: string;
  /** Whole miles from the viewer as the database measured them; null: not known. */
  distanceMiles: number | null;
  /** Beside the title: the viewer's Save heart (another feature's, composed by the route). */
  saveSlot?: ReactNode;
  /**
   * Under the price, for a viewer who is not the seller: buying, offering, adding to a project, asking the seller
   * (other features' components, composed by the route). Nothing shows until they are given.
   */
  buyerActions?: ReactNode;
  /** For the seller, under their buttons: the offers on the piece (another feature's). */
  sellerPanel?: ReactNode;
};

/**
 * A piece's page (docs/product.md, Good Stuff): photos, title, price, category, condition, dimensions, where it is
 * and how far, the seller, when it was listed and whether it is still to be had. Its seller also gets Edit, Mark
 * sold, Delist or Relist, and how many people saved it.
 */
export function PieceView({
  item,
  viewerId,
  distanceMiles,
  saveSlot,
  buyerActions,
  sellerPanel,
}: PieceViewProps) {
  const isSeller = item.designer_id === viewerId;
  const dimensions = formatDimensions(item);
  return (
    <article className="grid gap-8 lg:grid-cols-[3fr_2fr]" aria-labelledby="item-title">
      <PhotoCarousel title={item.title} photos={item.photo_urls} />
      <div className="space-y-6">
        <div className="space-y-2">
          <div className="flex items-start justify-between gap-3">
            <h1 id="item-title" className="text-3xl font-semibold tracking-tight">
              {item.title}
            </h1>
            {saveSlot}
          </div>
          <p className="text-2xl font-semibold">{formatMoney(item.price)}</p>
          <div className="flex flex-wrap items-center gap-1.5">
            <AvailabilityBadge piece={item} />
            <Badge variant="outline">{categoryLabel(item.category)}</Badge>
            <Badge variant="secondary">{conditionLabel(item.condition)}</Badge>
          </div>
        </div>

        {isSeller ? (
          <section aria-label="Your listing" className="space-y-3 rounded-lg border p-4">
            <PieceStatusActions item={item} />
            <SavedCount itemId={item.id} />
            {sellerPanel}
          </section>
        ) : (
          buyerActions
        )}

        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Condition</dt>
          <dd>{conditionLabel(item.condition)}</dd>
          {dimensions ? (
            <>
              <dt className="text-muted-foreground">
                <Ruler aria-hidden="true" className="mr-1 inline size-3.5" />
                Dimensions
              </dt>
              <dd>
                {dimensions}
                <span className="sr-only"> (width × depth × height)</span>
              </dd>
            </>
          ) : null}
          {item.location ? (
            <>
              <dt className="text-muted-foreground">
                <MapPin aria-hidden="true" className="mr-1 inline size-3.5" />
                Location
              </dt>
              <dd>
                {item.location}
                {distanceMiles !== null ? ` · ${formatMilesAway(distanceMiles)}` : null}
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Listed</dt>
          <dd>
            <time dateTime={item.created_at}>{formatListedAgo(item.created_at)}</time>
          </dd>
        </dl>

        <p className="whitespace-pre-line">{item.description}</p>

        <Card className="py-4">
          <CardContent className="flex items-center justify-between gap-3">
            <div>
              <p className="text-sm text-muted-foreground">Sold by</p>
              <p className="font-medium">{item.seller.name}</p>
              {item.seller.location ? <p className="text-sm text-muted-foreground">{item.seller.location}</p> : null}
            </div>
            <Link
              to={paths.designer.getHref(item.seller.id)}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              View {item.seller.name}’s profile
            </Link>
          </CardContent>
        </Card>
      </div>
    </article>
  );
}

function SavedCount({ itemId }: { itemId: string }) {
  const count = useSavedCount(itemId, { enabled: true });
  if (count.data === undefined) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <Heart aria-hidden="true" className="size-4" />
      {count.data === 0
        ? 'Nobody has saved this yet'
        : count.data === 1
          ? '1 person saved this'
          : `${count.data.toLocaleString('en-US')} people saved this`}
    </p>
  );
}
