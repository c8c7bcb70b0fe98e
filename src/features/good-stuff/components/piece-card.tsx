import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PieceCover } from '@/components/piece-cover';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { PieceCard as PieceCardRow } from '@/features/good-stuff/api/search-pieces';
import { categoryLabel, conditionLabel } from '@/features/good-stuff/utils/piece-fields';
import { AvailabilityBadge } from '@/features/good-stuff/components/availability-badge';
import { formatMilesAway, formatMoney } from '@/lib/format';

type PieceCardProps = {
  item: PieceCardRow;
  /** The market's search params, so the piece's page can lead back to the same filters. */
  search: string;
  /** A control drawn over the photo (the Save heart, another feature's: the route passes it). */
  corner?: ReactNode;
};

/** A piece in the market: its cover, title, price, category, condition, place and distance; opens its page. */
export function PieceCard({ item, search, corner }: PieceCardProps) {
  const cover = item.photo_urls[0] ?? item.image_url;
  return (
    <Card className="relative w-full gap-4 pt-0" data-testid="catalog-item">
      <PieceCover
        url={cover}
        width={600}
        height={450}
        className="aspect-[4/3] w-full rounded-t-lg"
        iconClassName="size-10"
      />
      {corner ? <div className="absolute top-2 right-2 z-10">{corner}</div> : null}
      <CardHeader className="gap-1">
        <div className="flex items-start justify-between gap-2">
          <CardTitle>
            {/* The whole card is the link's target area; the title is its name. */}
            <Link
              to={paths.piece.getHref(item.id)}
              state={{ distanceMiles: item.distance_miles, search }}
              className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-xl after:focus-visible:ring-2 after:focus-visible:ring-ring"
            >
              {item.title}
            </Link>
          </CardTitle>
          <span className="font-semibold">{formatMoney(item.price)}</span>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <AvailabilityBadge piece={item} />
          <Badge variant="outline">{categoryLabel(item.category)}</Badge>
          <Badge variant="secondary">{conditionLabel(item.condition)}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-1 text-sm">
        <p className="text-muted-foreground">
          {item.location ?? 'Location not given'} · Listed by {item.seller_name ?? 'Designer'}
        </p>
        {typeof item.distance_miles === 'number' ? (
          <p className="flex items-center gap-1 text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3.5" />
            {formatMilesAway(item.distance_miles)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
