import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { signOut } from '@/features/account/api/sign-out';
import { onAccountSuspended } from '@/lib/account-suspended';

let leaving = false;

/**
 * Mounted once, in the shell (src/app/routes/root.tsx): when the API refuses a request because Good Space suspended
 * the account (src/lib/account-suspended.ts), the person is signed out and lands on /auth, which says why
 * (docs/trust-and-safety.md). A protected page that sees the sign-out goes to the same place (its `endsAt`); a page
 * open to visitors is left for it here.
 */
export function useLeaveSuspendedAccount(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onAccountSuspended(() => {
        // Several requests fail together: one sign-out.
        if (leaving) return;
        leaving = true;
        void signOut({ endsAt: 'suspended' })
          .then(() => navigate(paths.auth.getHref({ suspended: true }), { replace: true }))
          .finally(() => {
            leaving = false;
          });
      }),
    [navigate],
  );
}
