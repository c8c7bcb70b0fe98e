import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { expectSignOutTo, signOut } from '@/features/account/api/sign-out';

/**
 * What every delete-account button does once the account is gone: the user ends on '/', signed out.
 *
 * The protected page must be gone before the session is: a page behind the login that sees the sign-out sends
 * its visitor to /auth. So the new page is committed first and synchronously (flushSync): the router otherwise
 * renders its update as a transition, and the sign-out's state update, being urgent, would be rendered before
 * it, on the old protected page, whose redirect to /auth then wins over the way home.
 */
export function useLeaveDeletedAccount(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Whichever sign-out lands first (this one, or the account check finding the user gone) ends at home.
    expectSignOutTo('home');
    await navigate(paths.home.getHref(), { replace: true, flushSync: true });
    await signOut({ endsAt: 'home' });
  }, [navigate]);
}
