import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { RatingSummary } from '@/features/designers/components/rating-summary';
import { useDesigner } from '@/features/designers/api/get-designer';
import { DesignerProfile } from '@/features/designers/components/designer-profile';
import { designerName } from '@/features/designers/utils/designer-format';
import { SaveToggle } from '@/features/saved/components/save-toggle';
import { BlockButton } from '@/features/safety/components/block-button';
import { ReportButton } from '@/features/safety/components/report-button';

/** A designer's public profile (docs/product.md, Pages). */
export function Component() {
  const { designerId = '' } = useParams();
  const auth = useAuth();
  const designer = useDesigner(designerId);
  const title = designer.data
    ? designerName(designer.data)
    : designer.data === null
      ? 'Designer not found'
      : 'Designer';

  return (
    <Page title={title}>
      <QueryState query={designer} loading="Loading designer…" failed="Failed to load designers">
        {(found) =>
          found === null ? (
            <Card className="items-center py-12 text-center">
              <p className="text-muted-foreground">Designer not found</p>
              <Button asChild variant="outline">
                <Link to={paths.browseDesigners.getHref()}>Browse Designers</Link>
              </Button>
            </Card>
          ) : (
            <DesignerProfile
              designer={found}
              rating={<RatingSummary designerId={designerId} href={paths.designerReviews.getHref(designerId)} />}
              actions={
                <>
                  {auth.user && auth.user.id !== designerId ? (
                    <SaveToggle kind="designer" userId={auth.user.id} id={designerId} title={designerName(found)} />
                  ) : null}
                  <Button asChild variant="outline">
                    <Link to={paths.portfolioOfDesigner.getHref(designerId)}>View Works</Link>
                  </Button>
                  <Button asChild variant="ghost">
                    <Link to={paths.designerReviews.getHref(designerId)}>Reviews</Link>
                  </Button>
                  {/* Trust and safety (docs/trust-and-safety.md): not on one's own profile. */}
                  {auth.user && auth.user.id !== designerId ? (
                    <>
                      <ReportButton subject={{ kind: 'person', id: designerId }} what={designerName(found)} />
                      <BlockButton userId={auth.user.id} otherId={designerId} name={designerName(found)} />
                    </>
                  ) : null}
                </>
              }
            />
          )
        }
      </QueryState>
    </Page>
  );
}
