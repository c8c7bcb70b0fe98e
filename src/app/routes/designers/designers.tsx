import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useDesigners } from '@/features/designers/api/get-designers';
import { withinReachOf } from '@/lib/places/distance-pages';
import { AvailableDesignerCard } from '@/features/designers/components/available-designer-card';
import { useCustomerOrigin } from '@/features/designers/hooks/use-customer-origin';
import { designerName } from '@/features/designers/utils/designer-format';
import { SaveToggle } from '@/features/saved/components/save-toggle';
import { originOf } from '@/hooks/use-origin';

/**
 * Available Designers (docs/product.md, Designers and nudges): designers nearest first, within 100 miles of the
 * customer or everyone when nobody is that near, paged. The database measures and applies the rule
 * (nearby_designers, docs/decisions/0024-places.md); the page waits for the origin, as the rule depends on it.
 */
export function Component() {
  const auth = useAuth();
  const originState = useCustomerOrigin(auth.user?.id);
  const origin = originOf(originState);
  const list = useDesigners(origin, { enabled: originState.status !== 'locating' });

  return (
    <Page
      title="Available Designers"
      description={
        withinReachOf(list.data?.pages) === true
          ? 'Design students and professionals within 100 miles of you.'
          : 'Design students and professionals ready to furnish your space with thrifted finds.'
      }
      actions={
        <Button asChild variant="outline">
          <Link to={paths.dashboard.customer.getHref()}>My Dashboard</Link>
        </Button>
      }
    >
      <PagedList
        query={list}
        loading="Loading designers…"
        failed="Failed to load designers"
        empty={
          <Card className="items-center py-12 text-center">
            <p className="text-muted-foreground">No designers available yet</p>
          </Card>
        }
        label="Designers"
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {(designer) => (
          <li key={designer.user_id} className="flex">
            <AvailableDesignerCard
              designer={designer}
              worksHref={paths.portfolioOfDesigner.getHref(designer.user_id)}
              saveSlot={
                auth.user && designer.user_id !== auth.user.id ? (
                  <SaveToggle
                    kind="designer"
                    userId={auth.user.id}
                    id={designer.user_id}
                    title={designerName(designer)}
                  />
                ) : null
              }
            />
          </li>
        )}
      </PagedList>
    </Page>
  );
}
