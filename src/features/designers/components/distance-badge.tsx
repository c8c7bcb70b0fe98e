import { MapPin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatMilesAway } from '@/lib/format';

/** "12 miles away" when the database measured one (both places known); nothing otherwise. */
export function DistanceBadge({ miles }: { miles: number | null | undefined }) {
  if (typeof miles !== 'number') return null;
  return (
    <Badge variant="secondary">
      <MapPin aria-hidden="true" className="size-3" />
      {formatMilesAway(miles)}
    </Badge>
  );
}
