import { Badge } from '@/components/ui/badge';
import { availabilityLabel } from '@/lib/piece-availability';

/** Sold, Delisted, Reserved or Held for a project; nothing for a piece simply for sale. */
export function AvailabilityBadge({
  piece,
  className,
}: {
  piece: { status: string; reserved_until: string | null; held_until: string | null };
  className?: string;
}) {
  const label = availabilityLabel(piece);
  if (!label) return null;
  return (
    <Badge variant={label === 'Sold' || label === 'Delisted' ? 'destructive' : 'default'} className={className}>
      {label}
    </Badge>
  );
}
