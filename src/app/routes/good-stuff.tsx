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
import { useState } from 'react';

/**
 * Good Stuff, the vintage market (docs/product.md, Good Stuff); a designer without a membership is asked to
 * subscribe.
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  const subscription = useSubscription(userId);
  const [dismissed, setDismissed] = useState(false);
  const ready = !role.isPending && !subscription.isLoading;
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
        <CatalogGrid enabled />
      )}
      <SubscribeDialog
        open={paywalled && !dismissed}
        onOpenChange={(open) => setDismissed(!open)}
        accountRole="designer"
      />
    </Page>
  );
}
