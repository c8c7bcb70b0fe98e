import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A piece that cannot be shown here (removed, or not the viewer's to edit): why, and the way back to the market. */
export function PieceNotFound({ description }: { description: string }) {
  return (
    <Page title="Piece not found" description={description}>
      <Button asChild variant="outline">
        <Link to={paths.goodStuff.getHref()}>Back to Good Stuff</Link>
      </Button>
    </Page>
  );
}
