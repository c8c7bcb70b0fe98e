import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { usePortfolioOwnerName } from '@/features/portfolio/api/get-portfolio';
import { PortfolioView } from '@/features/portfolio/components/portfolio-view';

/** A designer's portfolio (docs/product.md, Pages): /portfolio/{id}, /portfolio?designer=…, else one's own. */
export function Component() {
  const auth = useAuth();
  const params = useParams();
  const [search] = useSearchParams();
  const designerId = params.designerId ?? search.get('designer') ?? auth.user?.id ?? '';
  const owner = usePortfolioOwnerName(designerId);
  const isOwn = designerId === auth.user?.id;

  if (owner.isPending) {
    return (
      <Page title="Portfolio">
        <Spinner label="Loading portfolio…" />
      </Page>
    );
  }
  if (owner.isError || owner.data === null) {
    return (
      <Page title="Portfolio">
        <Card className="items-center py-12 text-center">
          <p className="text-muted-foreground">
            {owner.isError ? 'Failed to load the portfolio' : 'Designer not found'}
          </p>
        </Card>
      </Page>
    );
  }
  return (
    <Page title={`${owner.data}'s Portfolio`}>
      <PortfolioView designerId={designerId} name={owner.data} isOwn={isOwn} />
    </Page>
  );
}
