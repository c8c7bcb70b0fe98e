import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RatingSummary } from '@/features/designer-reviews/components/rating-summary';
import { useDesigner } from '@/features/designers/api/get-designer';
import { DesignerProfile } from '@/features/designers/components/designer-profile';
import { designerName } from '@/features/designers/utils/format';
import { useErrorToast } from '@/hooks/use-error-toast';

/** A designer's public profile (docs/product.md, Pages). */
export function Component() {
  const { designerId = '' } = useParams();
  const designer = useDesigner(designerId);
  useErrorToast(designer.isError, 'Failed to load designers');

  if (designer.isPending) {
    return (
      <Page title="Designer">
        <Spinner label="Loading designer…" />
      </Page>
    );
  }
  if (designer.isError || designer.data === null) {
    return (
      <Page title="Designer not found">
        <Card className="items-center py-12 text-center">
          <p className="text-muted-foreground">
            {designer.isError ? 'Failed to load designers' : 'Designer not found'}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.browseDesigners.getHref()}>Browse Designers</Link>
          </Button>
        </Card>
      </Page>
    );
  }
  const name = designerName(designer.data);
  return (
    <Page title={name}>
      <DesignerProfile
        designer={designer.data}
        rating={<RatingSummary designerId={designerId} href={paths.designerReviews.getHref(designerId)} />}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.portfolioOfDesigner.getHref(designerId)}>View Works</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.designerReviews.getHref(designerId)}>Reviews</Link>
            </Button>
          </>
        }
      />
    </Page>
  );
}
