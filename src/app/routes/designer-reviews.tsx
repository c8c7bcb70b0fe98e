import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RatingSummary } from '@/features/designer-reviews/components/rating-summary';
import { ReviewList } from '@/features/designer-reviews/components/review-list';
import { useDesigner } from '@/features/designers/api/get-designer';
import { designerName } from '@/features/designers/utils/format';

/** A designer's reviews (docs/product.md, Designers and nudges): average and count, then each review. */
export function Component() {
  const { designerId = '' } = useParams();
  const designer = useDesigner(designerId);
  if (designer.isPending) {
    return (
      <Page title="Reviews">
        <Spinner label="Loading reviews…" />
      </Page>
    );
  }
  if (designer.isError || designer.data === null) {
    return (
      <Page title="Designer not found">
        <Card className="items-center py-12 text-center">
          <p className="text-muted-foreground">Designer not found</p>
        </Card>
      </Page>
    );
  }
  return (
    <Page
      title={`Reviews of ${designerName(designer.data)}`}
      description={<RatingSummary designerId={designerId} />}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.designer.getHref(designerId)}>View Profile</Link>
        </Button>
      }
    >
      <ReviewList designerId={designerId} />
    </Page>
  );
}
