import { MapPin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { coordinatesOf, distanceMiles, type Coordinates } from '@/lib/geo';

type Located = { latitude: number | null; longitude: number | null; location: string | null };

/** "12 miles away" when both places are known; nothing otherwise. */
export function DistanceBadge({ origin, designer }: { origin: Coordinates | null; designer: Located }) {
  const at = coordinatesOf(designer);
  if (!origin || !at) return null;
  const miles = distanceMiles(origin, at);
  return (
    <Badge variant="secondary">
      <MapPin aria-hidden="true" className="size-3" />
      {miles === 1 ? '1 mile away' : `${miles} miles away`}
    </Badge>
  );
}
