import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { filtersFromSearchParams, searchParamsFromFilters } from '@/features/good-stuff/utils/search-params';
import { GoodStuffMarket } from '@/features/good-stuff/components/good-stuff-market';
import { SaveToggle } from '@/features/saved/components/save-toggle';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { originOf, useOrigin } from '@/hooks/use-origin';
import { useState } from 'react';

/**
 * Good Stuff, the vintage market (docs/product.md, Good Stuff); a designer without a membership is asked to
 * subscribe. The search box and filters are the URL's search params, so back, forward and a shared link show the
 * same pieces. Distances are measured from the place the viewer's profile names (customer or designer); the device
 * is never asked here: without a place there is no distance filter or sort, and the filter says how to get one.
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  const subscription = useSubscription(userId);
  const origin = useOrigin(userId, role.isPending ? undefined : (role.data ?? null), { deviceDeniedMessage: null });
  const [dismissed, setDismissed] = useState(false);
  const [params, setParams] = useSearchParams();
  const ready = !role.isPending && !subscription.isLoading && origin.status !== 'locating';
  const paywalled = ready && role.data === 'designer' && !subscription.subscribed;

  return (
    <Page
      title="Good Stuff"
      description="Vintage and thrifted pieces listed by our designers."
      actions={
        <>
          {role.data === 'designer' ? (
            <Button asChild variant="outline">
              <Link to={paths.myPieces.getHref()}>My listings</Link>
            </Button>
          ) : null}
          <Button asChild>
            <Link to={paths.listPiece.getHref()}>List Vintage Item</Link>
          </Button>
        </>
      }
    >
      {!ready ? (
        <Spinner label="Loading items…" />
      ) : paywalled ? (
        <p className="text-muted-foreground">Good Stuff is part of the designer membership.</p>
      ) : (
        <GoodStuffMarket
          enabled
          origin={originOf(origin)}
          filters={filtersFromSearchParams(params)}
          onChange={(filters, options) => setParams(searchParamsFromFilters(filters), options)}
          // Place: each card's Save heart (src/features/saved); not on one's own pieces.
          cardCorner={(item) =>
            userId && item.designer_id !== userId ? (
              <SaveToggle kind="item" userId={userId} id={item.id} title={item.title} className="bg-card/90" />
            ) : null
          }
        />
      )}
      <SubscribeDialog
        open={paywalled && !dismissed}
        onOpenChange={(open) => setDismissed(!open)}
        accountRole="designer"
      />
    </Page>
  );
}
