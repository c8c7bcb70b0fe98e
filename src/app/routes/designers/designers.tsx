import { Link } from 'react-router-dom';
import { DesignerSaveSlot } from '@/app/routes/designers/designer-save-slot';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useDesigners } from '@/features/designers/api/get-designers';
import { DesignerDirectory } from '@/features/designers/components/designer-directory';
import { DesignerFiltersBar } from '@/features/designers/components/designer-filters';
import { useDesignerSearch } from '@/features/designers/hooks/use-designer-search';
import { narrowsDesigners } from '@/features/designers/utils/designer-search-params';
import { withinReachOf } from '@/lib/places/distance-pages';
import { AvailableDesignerCard } from '@/features/designers/components/available-designer-card';
import { useCustomerOrigin } from '@/features/designers/hooks/use-customer-origin';
import { originOf } from '@/hooks/use-origin';

/**
 * Available Designers (docs/product.md, Designers and nudges): designers nearest first, within 100 miles of the
 * customer or everyone when nobody is that near, paged. The database measures and applies the rule
 * (search_designers, docs/places.md "Designer filters"), with the filters and order in the URL; the page waits for
 * the origin, as the rule depends on it, and for the customer's preferred style when the URL names no style.
 */
export function Component() {
  const auth = useAuth();
  const originState = useCustomerOrigin(auth.user?.id);
  const origin = originOf(originState);
  const search = useDesignerSearch(auth.user?.id);
  const list = useDesigners(origin, search.filters, { enabled: originState.status !== 'locating' && search.ready });
  const within = origin ? search.filters.within : null;

  return (
    <Page
      title="Available Designers"
      description={
        within !== null
          ? `Design students and professionals within ${within} miles of you.`
          : withinReachOf(list.data?.pages) === true
            ? 'Design students and professionals within 100 miles of you.'
            : 'Design students and professionals ready to furnish your space with thrifted finds.'
      }
      actions={
        <Button asChild variant="outline">
          <Link to={paths.dashboard.customer.getHref()}>My Dashboard</Link>
        </Button>
      }
    >
      <DesignerFiltersBar search={search} hasOrigin={origin !== null} />
      <DesignerDirectory query={list} filtered={narrowsDesigners(search.filters)}>
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
