import type { ReactNode } from 'react';
import { MaybeVerifiedBadge } from '@/components/verified-badge';
import { Badge } from '@/components/ui/badge';
import { CardTitle } from '@/components/ui/card';
import { DistanceBadge } from '@/features/designers/components/distance-badge';

/** A directory card's top line: the designer's name, and beside it the distance and the viewer's Save heart. */
export function DesignerCardTitle({
  name,
  miles,
  verified,
  saveSlot,
}: {
  name: string;
  miles: number | null;
  /** The designer's verified badge, if any. */
  verified?: string | null;
  saveSlot?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle>{name}</CardTitle>
        <MaybeVerifiedBadge value={verified} />
      </div>
      <div className="flex items-center gap-2">
        <DistanceBadge miles={miles} />
        {saveSlot}
      </div>
    </div>
  );
}

/** A designer's specialties as badges (the first `max` of them when given); nothing when there are none. */
export function Specialties({ specialties, max }: { specialties: readonly string[]; max?: number }) {
  if (specialties.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
      {specialties.slice(0, max).map((s) => (
        <li key={s}>
          <Badge variant="outline">{s}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The rating the directory read carries: the average to one decimal and the count, or that there is none yet. */
export function CardRating({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null || count === 0) return <p className="text-sm text-muted-foreground">No reviews yet</p>;
  return (
    <p className="text-sm" data-testid="card-rating">
      <span aria-hidden="true" className="text-amber-500">
        ★{' '}
      </span>
      <span className="font-medium">{rating.toFixed(1)}</span>
      <span className="sr-only"> out of 5</span>
      <span className="text-muted-foreground"> ({count === 1 ? '1 review' : `${count} reviews`})</span>
    </p>
  );
}
