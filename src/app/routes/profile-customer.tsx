import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { signOut } from '@/features/auth/api/sign-out';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useCustomerProfile } from '@/features/profiles/api/customer-profile';
import { CustomerProfileForm } from '@/features/profiles/components/customer-profile-form';
import { DangerZone } from '@/features/profiles/components/danger-zone';
import { MovingDialog } from '@/features/profiles/components/moving-dialog';
import { SubscribeDialog } from '@/features/subscription/components/subscribe-dialog';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';
import { useErrorToast } from '@/hooks/use-error-toast';

/** SPEC §2 customer profile, Moving soon? and Danger Zone. */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id ?? '';
  const profile = useCustomerProfile(userId);
  const subscription = useSubscription(userId);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  useErrorToast(profile.isError, 'Failed to load profile');

  return (
    <Page title="Your Profile" description={auth.user?.email}>
      <div className="grid gap-6">
        {profile.isPending ? (
          <Spinner label="Loading profile…" />
        ) : profile.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load profile
          </p>
        ) : (
          <CustomerProfileForm userId={userId} initial={profile.data} />
        )}
        <MovingDialog
          customerId={userId}
          // While the check runs, let the form open: the database refuses a project without a plan anyway.
          subscribed={subscription.subscribed || subscription.isLoading}
          onSubscriptionRequired={() => setSubscribeOpen(true)}
        />
        <DangerZone
          onDeleted={async () => {
            await signOut();
            await navigate(paths.home.getHref(), { replace: true });
          }}
        />
      </div>
      <SubscribeDialog open={subscribeOpen} onOpenChange={setSubscribeOpen} accountRole="customer" />
    </Page>
  );
}
