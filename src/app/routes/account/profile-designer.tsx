import { Link } from 'react-router-dom';
import { useLeaveDeletedAccount } from '@/app/leave-deleted-account';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useOwnDesignerProfile } from '@/features/account/api/designer-profile';
import { DesignerProfileForm } from '@/features/account/components/designer-profile-form';
import { QueryState } from '@/components/query-state';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { VerificationCard } from '@/features/verification/components/verification-card';

/** The designer's own profile and account deletion (docs/product.md, Pages and Accounts). */
export function Component() {
  const auth = useAuth();
  const leaveDeletedAccount = useLeaveDeletedAccount();
  const userId = auth.user?.id ?? '';
  const profile = useOwnDesignerProfile(userId);

  return (
    <Page
      title="Your Designer Profile"
      description={auth.user?.email}
      actions={
        userId ? (
          <Button asChild variant="outline">
            <Link to={paths.designer.getHref(userId)}>View public profile</Link>
          </Button>
        ) : null
      }
    >
      <div className="grid gap-6">
        <QueryState query={profile} loading="Loading profile…" failed="Failed to load profile">
          {(data) => <DesignerProfileForm userId={userId} initial={data} />}
        </QueryState>
        {userId ? <VerificationCard userId={userId} /> : null}
        <DeleteAccountCard userId={userId} onDeleted={leaveDeletedAccount} />
      </div>
    </Page>
  );
}
