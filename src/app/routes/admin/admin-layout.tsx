import { NavLink, Outlet } from 'react-router-dom';
import { NotFound } from '@/app/routes/not-found';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useIsOperator } from '@/features/admin/api/get-is-operator';
import { mfaChallengeNeeded } from '@/lib/assurance-level';
import { cn } from '@/lib/utils';

const links = [
  { to: paths.admin.getHref(), label: 'Reports', end: true },
  { to: paths.adminLog.getHref(), label: 'Audit log', end: false },
  { to: paths.adminVerification.getHref(), label: 'Verification', end: false },
  { to: paths.adminDisputes.getHref(), label: 'Disputes', end: false },
];

/**
 * The operator console's frame (docs/trust-and-safety.md): its navigation, then the page. Only for operators: anyone
 * else, signed in or out, gets exactly the app's 404 page, so the console gives no sign that it exists (the database
 * refuses them whatever this page shows; the guard is convenience).
 */
export function Component() {
  const auth = useAuth();
  // Before the second factor the API answers nothing (docs/product.md, Accounts): such a session is not asked.
  const userId = auth.status === 'signed-in' && !mfaChallengeNeeded(auth.session) ? auth.user.id : null;
  const operator = useIsOperator(userId);
  if (auth.status === 'loading' || (userId !== null && operator.isPending)) return <PageSpinner />;
  // A failed check shows the 404 too: a page that fails only here would say there is something to fail.
  if (userId === null || operator.data !== true) return <NotFound />;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <nav aria-label="Console" className="border-b px-4 pt-4 sm:px-6 lg:px-8">
        <ul className="flex flex-wrap gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    'inline-block rounded-t-md border-b-2 px-3 py-2 text-sm font-medium',
                    isActive
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
