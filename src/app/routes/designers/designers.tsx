import { Link } from 'react-router-dom';
import { DesignerSaveSlot } from '@/app/routes/designers/designer-save-slot';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useDesigners } from '@/features/designers/api/get-designers';
import { DesignerDirectory } from '@/features/designers/components/designer-directory';
import { withinReachOf } from '@/lib/places/distance-pages';
import { AvailableDesignerCard } from '@/features/designers/components/available-designer-card';
import { useCustomerOrigin } from '@/features/designers/hooks/use-customer-origin';
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
      <DesignerDirectory query={list}>
        {(designer) => (
          <AvailableDesignerCard
            designer={designer}
            worksHref={paths.portfolioOfDesigner.getHref(designer.user_id)}
            saveSlot={<DesignerSaveSlot userId={auth.user?.id} designer={designer} />}
          />
        )}
      </DesignerDirectory>
    </Page>
  );
}
