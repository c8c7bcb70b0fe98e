import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { PieceCover } from '@/components/piece-cover';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMyPieces, type MyPiece } from '@/features/good-stuff/api/get-my-pieces';
import { categoryLabel, formatListedAgo } from '@/features/good-stuff/utils/piece-fields';
import { AvailabilityBadge } from '@/features/good-stuff/components/availability-badge';
import { PieceStatusActions } from '@/features/good-stuff/components/piece-status-actions';
import { formatMoney } from '@/lib/format';

type MyPiecesListProps = {
  sellerId: string;
  /** Under each listing: what another feature adds for the seller (the offers on it). */
  pieceExtra?: (listing: MyPiece) => ReactNode;
};

/**
 * A designer's own pieces of every status, newest first, a page at a time (docs/product.md, Good Stuff): each with
 * its status, price, how many saved it, and Edit, Mark sold, Delist or Relist.
 */
export function MyPiecesList({ sellerId, pieceExtra }: MyPiecesListProps) {
  const listings = useMyPieces(sellerId);
  return (
    <PagedList
      query={listings}
      loading="Loading your listings…"
      failed="Failed to load your listings"
      empty={
        <div className="space-y-3 py-8">
          <p className="text-lg font-medium">You have not listed any pieces yet</p>
          <Button asChild>
            <Link to={paths.listPiece.getHref()}>List Vintage Item</Link>
          </Button>
        </div>
      }
      label="Your listings"
      className="space-y-4"
    >
      {(listing) => (
        <li key={listing.id}>
          <PieceRow listing={listing} extra={pieceExtra?.(listing)} />
        </li>
      )}
    </PagedList>
  );
}

function PieceRow({ listing, extra }: { listing: MyPiece; extra: ReactNode }) {
  const cover = listing.photo_urls[0] ?? listing.image_url;
  return (
    <Card className="py-4" data-testid="my-listing">
      <CardContent className="flex flex-wrap items-start gap-4">
        <PieceCover url={cover} width={120} height={90} className="h-[90px] w-[120px] rounded" iconClassName="size-8" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-semibold">
            <Link to={paths.piece.getHref(listing.id)} className="hover:underline">
              {listing.title}
            </Link>
          </h2>
          <p className="text-sm">
            {formatMoney(listing.price)} · {categoryLabel(listing.category)} · Listed{' '}
            {formatListedAgo(listing.created_at)}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {listing.status === 'available' && !listing.hidden_at ? <Badge variant="outline">Listed</Badge> : null}
            <AvailabilityBadge piece={listing} />
            <span className="flex items-center gap-1">
              <Heart aria-hidden="true" className="size-3.5" />
              {listing.saved_count === 1
                ? '1 person saved this'
                : `${listing.saved_count.toLocaleString('en-US')} people saved this`}
            </span>
          </div>
          {extra}
        </div>
        <PieceStatusActions item={listing} />
      </CardContent>
    </Card>
  );
}
