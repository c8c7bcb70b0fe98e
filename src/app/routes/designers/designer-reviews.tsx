import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { RatingSummary } from '@/features/designers/components/rating-summary';
import { ReviewList } from '@/features/designers/components/review-list';
import { useDesigner } from '@/features/designers/api/get-designer';
import { designerName } from '@/features/designers/utils/designer-format';
import { useAuth } from '@/features/account/hooks/use-auth';
import { ReportButton } from '@/features/safety/components/report-button';

/** A designer's reviews (docs/product.md, Designers and nudges): average and count, then each review. */
export function Component() {
  const { designerId = '' } = useParams();
  const auth = useAuth();
  const designer = useDesigner(designerId);
  const found = designer.data;

  return (
    <Page
      title={found ? `Reviews of ${designerName(found)}` : found === null ? 'Designer not found' : 'Reviews'}
      description={found ? <RatingSummary designerId={designerId} /> : undefined}
      actions={
        found ? (
          <Button asChild variant="outline">
            <Link to={paths.designer.getHref(designerId)}>View Profile</Link>
          </Button>
        ) : undefined
      }
    >
      <QueryState query={designer} loading="Loading reviews…" failed="Failed to load designers">
        {(data) =>
          data === null ? (
            <Card className="items-center py-12 text-center">
              <p className="text-muted-foreground">Designer not found</p>
            </Card>
          ) : (
            <ReviewList
              designerId={designerId}
              // Report a review (docs/trust-and-safety.md); its writer cannot report their own.
              reviewActions={(review) =>
                auth.user && review.client_id !== auth.user.id ? (
                  <ReportButton
                    look="icon"
                    subject={{ kind: 'review', id: review.id }}
                    what={`the review by ${review.client_name ?? 'a client'}`}
                  />
                ) : null
              }
            />
          )
        }
      </QueryState>
    </Page>
  );
}
