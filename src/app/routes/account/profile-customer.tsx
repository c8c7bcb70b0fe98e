import { useLeaveDeletedAccount } from '@/app/leave-deleted-account';
import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useCustomerProfile } from '@/features/account/api/customer-profile';
import { CustomerProfileForm } from '@/features/account/components/customer-profile-form';
import { MovingDialog } from '@/features/account/components/moving-dialog';
import { QueryState } from '@/components/query-state';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscriptionGate } from '@/features/memberships/hooks/use-subscription-gate';

/** The customer's own profile, Moving soon? and Danger Zone (docs/product.md, Pages, Accounts and Projects). */
export function Component() {
  const auth = useAuth();
  const leaveDeletedAccount = useLeaveDeletedAccount();
  const userId = auth.user?.id ?? '';
  const profile = useCustomerProfile(userId);
  const membership = useSubscriptionGate(userId, 'customer');

  return (
    <Page title="Your Profile" description={auth.user?.email}>
      <div className="grid gap-6">
        <QueryState query={profile} loading="Loading profile…" failed="Failed to load profile">
          {(data) => <CustomerProfileForm userId={userId} initial={data} />}
        </QueryState>
        <MovingDialog customerId={userId} membership={membership} />
        <DeleteAccountCard userId={userId} onDeleted={leaveDeletedAccount} />
      </div>
      <SubscribeDialog {...membership.dialogProps} />
    </Page>
  );
}
