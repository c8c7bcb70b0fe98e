import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/auth/api/get-user-role';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CatalogGrid } from '@/features/catalog/components/catalog-grid';
import { SubscribeDialog } from '@/features/subscription/components/subscribe-dialog';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';
import { originOf, useOrigin } from '@/hooks/use-origin';
import { useState } from 'react';

/**
 * Good Stuff, the vintage market (docs/product.md, Good Stuff); a designer without a membership is asked to
 * subscribe. Distances are measured from the place the viewer's profile names (customer or designer); the device is
 * never asked here: without a place the market is listed newest first and the distance filter says how to get one.
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  const subscription = useSubscription(userId);
  const origin = useOrigin(userId, role.isPending ? undefined : (role.data ?? null), { deviceDeniedMessage: null });
  const [dismissed, setDismissed] = useState(false);
  const ready = !role.isPending && !subscription.isLoading && origin.status !== 'locating';
  const paywalled = ready && role.data === 'designer' && !subscription.subscribed;

  return (
    <Page
      title="Good Stuff"
      description="Vintage and thrifted pieces listed by our designers."
      actions={
        <Button asChild>
          <Link to={paths.listVintage.getHref()}>List Vintage Item</Link>
        </Button>
      }
    >
      {!ready ? (
        <Spinner label="Loading items…" />
      ) : paywalled ? (
        <p className="text-muted-foreground">Good Stuff is part of the designer membership.</p>
      ) : (
        <CatalogGrid enabled origin={originOf(origin)} />
      )}
      <SubscribeDialog
        open={paywalled && !dismissed}
        onOpenChange={(open) => setDismissed(!open)}
        accountRole="designer"
      />
    </Page>
  );
}
