import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/features/account/hooks/use-auth';
import { usePortfolioOwnerName } from '@/features/designers/api/get-portfolio';
import { PortfolioView } from '@/features/designers/components/portfolio-view';

/** A designer's portfolio (docs/product.md, Pages): /portfolio/{id}, /portfolio?designer=…, else one's own. */
export function Component() {
  const auth = useAuth();
  const params = useParams();
  const [search] = useSearchParams();
  const designerId = params.designerId ?? search.get('designer') ?? auth.user?.id ?? '';
  const owner = usePortfolioOwnerName(designerId);
  const isOwn = designerId === auth.user?.id;

  return (
    <Page title={owner.data ? `${owner.data}'s Portfolio` : 'Portfolio'}>
      <QueryState query={owner} loading="Loading portfolio…" failed="Failed to load the portfolio" toast={false}>
        {(name) =>
          name === null ? (
            <Card className="items-center py-12 text-center">
              <p className="text-muted-foreground">Designer not found</p>
            </Card>
          ) : (
            <PortfolioView designerId={designerId} name={name} isOwn={isOwn} />
          )
        }
      </QueryState>
    </Page>
  );
}
