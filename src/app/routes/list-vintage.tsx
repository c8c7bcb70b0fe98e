import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ListVintageForm } from '@/features/catalog/components/list-vintage-form';

/** SPEC §2 List Vintage Item (the database lets designers list; others get 'Failed to list item'). */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <Page title="List Vintage Item" description="Share a thrifted or vintage piece on Good Stuff.">
      {auth.user ? (
        <ListVintageForm userId={auth.user.id} onListed={() => void navigate(paths.goodStuff.getHref())} />
      ) : null}
    </Page>
  );
}
