import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AvailableDesignerCard } from '@/features/designers/components/available-designer-card';
import { useCustomerOrigin } from '@/features/designers/hooks/use-customer-origin';
import { useNearbyDesigners } from '@/features/designers/hooks/use-nearby-designers';

/**
 * Available Designers (docs/product.md, Designers and nudges): designers within 100 miles of the customer (or
 * everyone), paged.
 */
export function Component() {
  const auth = useAuth();
  const originState = useCustomerOrigin(auth.user?.id);
  const origin = originState.status === 'known' ? originState.origin : null;
  const list = useNearbyDesigners(origin, originState.status !== 'locating');

  return (
    <Page
      title="Available Designers"
      description={
        list.filtered
          ? 'Design students and professionals within 100 miles of you.'
          : 'Design students and professionals ready to furnish your space with thrifted finds.'
      }
      actions={
        <Button asChild variant="outline">
          <Link to={paths.dashboard.customer.getHref()}>My Dashboard</Link>
        </Button>
      }
    >
      <QueryState
        query={{ isPending: list.isPending, isError: list.isError, data: list.designers }}
        loading="Loading designers…"
        failed="Failed to load designers"
      >
        {(designers) =>
          designers.length === 0 ? (
            <Card className="items-center py-12 text-center">
              <p className="text-muted-foreground">No designers available yet</p>
            </Card>
          ) : (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Designers">
                {designers.map((designer) => (
                  <li key={designer.user_id} className="flex">
                    <AvailableDesignerCard
                      designer={designer}
                      origin={origin}
                      worksHref={paths.portfolioOfDesigner.getHref(designer.user_id)}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore
                hasNextPage={list.hasNextPage}
                isFetchingNextPage={list.isFetchingNextPage}
                onLoadMore={list.fetchNextPage}
              />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
