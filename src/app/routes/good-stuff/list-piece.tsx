import { useNavigate } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { DesignersOnlyNotice } from '@/features/good-stuff/components/designers-only-notice';
import { ListPieceForm } from '@/features/good-stuff/components/list-piece-form';
import { MembershipRequired } from '@/features/memberships/components/membership-required';

/**
 * List Vintage Item (docs/product.md "Good Stuff"). Only designers with a membership list (the database's rule:
 * catalog_items' insert policy), so only they get the form: anyone else is told why, with the way forward, before
 * typing anything (ADR 0019). Listing opens the new piece's page. (Its seller edits it in the same form:
 * edit-listing.tsx.)
 */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  return (
    <Page title="List Vintage Item" description="Share a thrifted or vintage piece on Good Stuff.">
      {userId ? (
        <QueryState query={role} loading="Loading your account…" failed="Failed to load your account type">
          {(accountRole) =>
            accountRole === 'designer' ? (
              <MembershipRequired
                userId={userId}
                accountRole="designer"
                title="Listing is part of the designer membership"
                description="Subscribe to list your pieces on Good Stuff and keep 100% of each sale."
              >
                <ListPieceForm userId={userId} onSaved={(id) => void navigate(paths.piece.getHref(id))} />
              </MembershipRequired>
            ) : (
              <DesignersOnlyNotice role={accountRole} />
            )
          }
        </QueryState>
      ) : null}
    </Page>
  );
}
