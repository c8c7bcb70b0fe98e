import type { ReactNode } from 'react';
import { PagedList } from '@/components/paged-list';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useDesignerReviews, type DesignerReview } from '@/features/designers/api/get-designer-reviews';
import { Stars } from '@/features/designers/components/stars';
import { formatDate } from '@/lib/format';

type ReviewListProps = {
  designerId: string;
  /** A small action on each review (Report, another feature's, composed by the route). */
  reviewActions?: (review: DesignerReview) => ReactNode;
};

/** The reviews page body: each review with the client's name, date, stars and comment. */
export function ReviewList({ designerId, reviewActions }: ReviewListProps) {
  const reviews = useDesignerReviews(designerId);
  return (
    <PagedList
      query={reviews}
      loading="Loading reviews…"
      failed="Failed to load reviews"
      empty={<p className="text-muted-foreground">No reviews yet</p>}
      label="Reviews"
      className="grid gap-4"
      more={{ busyLabel: 'Load more', className: 'mt-6' }}
    >
      {(review) => (
        <li key={review.id}>
          <Card className="gap-3 py-4" data-testid="review">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">{review.client_name ?? 'Client'}</p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
                </p>
              </div>
              <div className="flex items-center gap-1">
                <Stars rating={review.rating} />
                {reviewActions?.(review)}
              </div>
            </CardHeader>
            {review.comment ? (
              <CardContent>
                <p>{review.comment}</p>
              </CardContent>
            ) : null}
          </Card>
        </li>
      )}
    </PagedList>
  );
}
