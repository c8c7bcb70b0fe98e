import { Link, useLocation, useParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useCatalogItem } from '@/features/catalog/api/get-catalog-item';
import { BuyerActions, SellerPanel } from '@/app/routes/good-stuff-item-actions';
import { CatalogItemPage } from '@/features/catalog/components/catalog-item-page';
import { SaveToggle } from '@/features/saved/components/save-toggle';

/**
 * What the market's card passes on when it opens a piece: its distance as the database measured it, and the
 * market's search params (the way back keeps the filters).
 */
export type GoodStuffItemState = { distanceMiles?: number | null; search?: string } | null;

/**
 * A piece's page, /good-stuff/:id (docs/product.md, Good Stuff): shareable, its title and sharing tags set from the
 * piece. The other market features add their parts in the places marked below (features never import each other;
 * this route composes them).
 */
export function Component() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const item = useCatalogItem(id);
  const state = useLocation().state as GoodStuffItemState;
  return (
    <QueryState query={item} loading="Loading piece…" failed="Failed to load this piece">
      {(piece) =>
        piece ? (
          <CatalogItemPage
            item={piece}
            viewerId={auth.user?.id ?? ''}
            distanceMiles={state?.distanceMiles ?? null}
            back={paths.goodStuff.getHref(new URLSearchParams(state?.search ?? ''))}
            // Place: the Save heart (src/features/saved).
            saveSlot={
              auth.user && piece.designer_id !== auth.user.id ? (
                <SaveToggle kind="item" userId={auth.user.id} id={piece.id} title={piece.title} />
              ) : null
            }
            // Place: Buy Now and Ask the seller (src/features/listing-messages), Make Offer and the buyer's offer
            // (src/features/offers), Add to project (src/features/project-items). Nothing shows until they are added.
            buyerActions={auth.user ? <BuyerActions item={piece} viewerId={auth.user.id} /> : null}
            // Place: the offers on the piece, for its seller (src/features/offers).
            sellerPanel={<SellerPanel item={piece} />}
          />
        ) : (
          <Page title="Piece not found" description="It may have been removed by its seller.">
            <Button asChild variant="outline">
              <Link to={paths.goodStuff.getHref()}>Back to Good Stuff</Link>
            </Button>
          </Page>
        )
      }
    </QueryState>
  );
}
