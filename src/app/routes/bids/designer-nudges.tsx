import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { NudgeInbox } from '@/features/bids/components/nudge-inbox';

/** A designer's nudge inbox (docs/product.md, Designers and nudges). */
export function Component() {
  const auth = useAuth();
  return (
    <Page
      title="Client Nudges"
      description="Clients who would like you on their project. Accept with a quote or decline."
      actions={
        <Button asChild variant="outline">
          <Link to={paths.dashboard.designer.getHref()}>My Dashboard</Link>
        </Button>
      }
    >
      {auth.user ? <NudgeInbox designerId={auth.user.id} projectHref={paths.project.getHref} /> : null}
    </Page>
  );
}
