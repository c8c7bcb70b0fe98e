import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Five stars, the rating also given as text for screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`${rating.toFixed(1)} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= rounded ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
        />
      ))}
    </span>
  );
}
