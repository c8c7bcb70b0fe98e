import { useLocation, useParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { PieceNotFound } from '@/app/routes/good-stuff/piece-not-found';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useUserRole } from '@/features/account/api/get-user-role';
import { usePiece } from '@/features/good-stuff/api/get-piece';
import { usePieceDistance } from '@/features/good-stuff/api/get-piece-distance';
import { BuyerActions, SellerPanel } from '@/app/routes/good-stuff/piece-actions';
import { PiecePage } from '@/features/good-stuff/components/piece-page';
import { SaveToggle } from '@/features/saved/components/save-toggle';
import { ReportButton } from '@/features/safety/components/report-button';
import { originOf, useOrigin } from '@/hooks/use-origin';

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
  const item = usePiece(id);
  const state = useLocation().state as GoodStuffItemState;
  // A shared link brings no card, hence no distance: the page asks for it from the viewer's profile place (the
  // device is not asked, as in the market).
  const cameWithDistance = state?.distanceMiles !== undefined;
  const role = useUserRole(cameWithDistance ? undefined : auth.user?.id);
  const origin = useOrigin(cameWithDistance ? null : auth.user?.id, role.isPending ? undefined : (role.data ?? null), {
    deviceDeniedMessage: null,
  });
  const distance = usePieceDistance(id, originOf(origin), { enabled: !cameWithDistance && item.data != null });
  return (
    <QueryState query={item} loading="Loading piece…" failed="Failed to load this piece">
      {(piece) =>
        piece ? (
          <PiecePage
            item={piece}
            viewerId={auth.user?.id ?? ''}
            distanceMiles={cameWithDistance ? (state?.distanceMiles ?? null) : (distance.data ?? null)}
            back={paths.goodStuff.getHref(new URLSearchParams(state?.search ?? ''))}
            // Place: the Save heart (src/features/saved).
            saveSlot={
              auth.user && piece.designer_id !== auth.user.id ? (
                <SaveToggle kind="item" userId={auth.user.id} id={piece.id} title={piece.title} />
              ) : null
            }
            // Place: Buy Now (src/features/orders), Ask the seller (src/features/messages), Make Offer and the buyer's offer
            // (src/features/good-stuff), Add to project (src/features/projects). Nothing shows until they are added.
            // and Report (src/features/safety, docs/trust-and-safety.md).
            buyerActions={
              auth.user ? (
                <>
                  <BuyerActions item={piece} viewerId={auth.user.id} />
                  <div className="flex justify-end">
                    <ReportButton subject={{ kind: 'piece', id: piece.id }} what={piece.title} />
                  </div>
                </>
              ) : null
            }
            // Place: its sale (src/features/orders) and the offers on the piece, for its seller (src/features/good-stuff).
            sellerPanel={<SellerPanel item={piece} viewerId={auth.user?.id ?? ''} />}
          />
        ) : (
          <PieceNotFound description="It may have been removed by its seller." />
        )
      }
    </QueryState>
  );
}
