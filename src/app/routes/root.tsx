import { Outlet, useNavigate } from 'react-router-dom';
import { useLeaveSuspendedAccount } from '@/app/leave-suspended-account';
import { accountLinks, barLinks, guestLinks } from '@/app/navigation';
import { NotificationBellSlot, NotificationsMenuSlot } from '@/app/notifications-slot';
import { AppLayout } from '@/components/layouts/app-layout';
import { RouterNavigation } from '@/components/navigation/router-navigation';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { signOut } from '@/features/account/api/sign-out';
import { useAuth } from '@/features/account/hooks/use-auth';
import { mfaChallengeNeeded } from '@/lib/assurance-level';

/** The shell around every page: top bar for the current user, then the page. */
export function RootLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  useLeaveSuspendedAccount();
  // Before the second factor the API answers nothing (docs/product.md, Accounts): no role, no bell until then.
  const userId = auth.status === 'signed-in' && !mfaChallengeNeeded(auth.session) ? auth.user.id : null;
  const { data: role = null } = useUserRole(userId);

  async function logout() {
    await signOut();
    await navigate(paths.auth.getHref(), { replace: true });
  }

  return (
    <RouterNavigation>
      <AppLayout
        homeHref={paths.home.getHref()}
        links={barLinks(role)}
        account={
          auth.status === 'signed-in'
            ? { email: auth.user.email ?? '', menu: accountLinks(role), onLogout: () => void logout() }
            : null
        }
        guest={auth.status === 'signed-out' ? guestLinks : null}
        bell={userId ? <NotificationBellSlot userId={userId} /> : undefined}
        menuBell={userId ? <NotificationsMenuSlot userId={userId} /> : undefined}
      >
        <Outlet />
      </AppLayout>
    </RouterNavigation>
  );
}
