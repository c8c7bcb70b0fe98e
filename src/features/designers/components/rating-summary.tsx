import { Link } from 'react-router-dom';
import { formatAverage, useDesignerRating } from '@/features/designers/api/get-designer-rating';
import { Stars } from '@/features/designers/components/stars';

/** Average to one decimal with the count; with `href` it links to the reviews page. */
export function RatingSummary({ designerId, href }: { designerId: string; href?: string }) {
  const rating = useDesignerRating(designerId);
  if (rating.isPending) return <span className="text-sm text-muted-foreground">Loading rating…</span>;
  if (rating.isError) return <span className="text-sm text-destructive">Failed to load reviews</span>;
  const { average, count } = rating.data;
  const body =
    average === null ? (
      <span>No reviews yet</span>
    ) : (
      <span className="inline-flex items-center gap-2">
        <Stars rating={average} />
        <span className="font-semibold" data-testid="average-rating">
          {formatAverage(average)}
        </span>
        <span className="text-muted-foreground">({count === 1 ? '1 review' : `${count} reviews`})</span>
      </span>
    );
  return href ? (
    <Link to={href} className="text-sm underline-offset-4 hover:underline">
      {body}
    </Link>
  ) : (
    <span className="text-sm">{body}</span>
  );
}
