import { useNavigate, useParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { PieceNotFound } from '@/app/routes/good-stuff/piece-not-found';
import { useAuth } from '@/features/account/hooks/use-auth';
import { usePiece } from '@/features/good-stuff/api/get-piece';
import { ListPieceForm } from '@/features/good-stuff/components/list-piece-form';
import { ReturnedPieceNotice } from '@/features/good-stuff/components/returned-piece-notice';

/**
 * Edit listing, /good-stuff/:id/edit: the seller's own piece in List Vintage's form (docs/product.md, Good Stuff);
 * anyone else's, or none, is not found (the policy would refuse the change). A piece its buyer refused at pickup
 * says why it must be edited before it is listed again. Saving opens the piece's page.
 */
export function Component() {
  const { id: itemId = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id ?? '';
  const item = usePiece(itemId);
  return (
    <QueryState query={item} loading="Loading piece…" failed="Failed to load this piece">
      {(piece) =>
        piece && piece.designer_id === userId ? (
          <Page title="Edit listing" description={piece.title}>
            <div className="space-y-6">
              <ReturnedPieceNotice returnedAt={piece.returned_at} />
              <ListPieceForm userId={userId} item={piece} onSaved={(id) => void navigate(paths.piece.getHref(id))} />
            </div>
          </Page>
        ) : (
          <PieceNotFound description="Only a piece’s seller can edit it." />
        )
      }
    </QueryState>
  );
}
