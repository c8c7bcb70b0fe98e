import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLeaveDeletedAccount } from '@/app/leave-deleted-account';
import { Page } from '@/components/layouts/page';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { TwoFactorCard } from '@/features/account/components/two-factor-card';
import { AccountTypeCard } from '@/features/account/components/account-type-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { NotificationSettingsCard } from '@/features/account/components/notification-settings-card';
import { EarningsCard } from '@/features/milestones/components/earnings-card';
import { GetPaidCard } from '@/features/orders/components/get-paid-card';
import { ManageSubscriptionCard } from '@/features/memberships/components/manage-subscription-card';
import { BlockedPeopleCard } from '@/features/safety/components/blocked-people-card';

/**
 * /settings (docs/product.md, Pages): e-mail, Cancel Subscription, Get paid (designers), Change Account Type,
 * notification e-mails, two-factor sign-in, blocked people (docs/trust-and-safety.md), delete account. `?payouts=return|refresh`: back from payout onboarding.
 */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  const leaveDeletedAccount = useLeaveDeletedAccount();
  const payouts = useSearchParams()[0].get('payouts');

  if (!auth.user) return null;

  return (
    <Page title="Settings" className="max-w-3xl">
      <div className="space-y-6">
        <Card role="region" aria-labelledby="account-title">
          <CardHeader>
            <CardTitle id="account-title">Account</CardTitle>
            <CardDescription>
              Signed in as <span className="font-medium text-foreground">{auth.user.email}</span>
            </CardDescription>
          </CardHeader>
        </Card>
        <ManageSubscriptionCard userId={auth.user.id} />
        {role.data === 'designer' ? (
          <>
            <GetPaidCard
              userId={auth.user.id}
              arrival={payouts === 'return' || payouts === 'refresh' ? payouts : null}
            />
            {/* What Get paid pays out (docs/milestones.md): released, on the way, held. */}
            <EarningsCard designerId={auth.user.id} />
          </>
        ) : null}
        <AccountTypeCard
          userId={auth.user.id}
          currentRole={role.data ?? null}
          roleLoading={role.isPending}
          onSwitched={(next) => void navigate(paths.dashboard.getHref(next))}
        />
        <NotificationSettingsCard userId={auth.user.id} role={role.data ?? null} roleLoading={role.isPending} />
        <TwoFactorCard userId={auth.user.id} />
        <BlockedPeopleCard userId={auth.user.id} />
        <DeleteAccountCard userId={userId} onDeleted={leaveDeletedAccount} />
      </div>
    </Page>
  );
}
