import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { usePieceConversation } from '@/features/messages/api/get-piece-conversation';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';

/**
 * A piece's conversation between one buyer and its seller ('Ask the seller', docs/product.md, Good Stuff): only
 * the two of them can open it (the policies hide it from anyone else, who is told it was not found).
 */
export function Component() {
  const { id = '', conversationId = '' } = useParams();
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const conversation = usePieceConversation(conversationId);
  const pieceHref = paths.piece.getHref(id);
  return (
    <QueryState query={conversation} loading="Loading conversation…" failed="Failed to load the conversation">
      {(found) =>
        found ? (
          <Page
            title={found.buyer_id === userId ? `Ask ${found.seller_name}` : `${found.buyer_name} asks`}
            description={
              <>
                About{' '}
                <Link to={paths.piece.getHref(found.catalog_item_id)} className="underline">
                  {found.item?.title ?? 'this piece'}
                </Link>
                . Only the two of you see these messages.
              </>
            }
          >
            <ConversationPanel
              conversationId={found.id}
              userId={userId}
              otherName={found.buyer_id === userId ? found.seller_name : found.buyer_name}
              title="Messages"
            />
          </Page>
        ) : (
          <Page title="Conversation not found">
            <Button asChild variant="outline">
              <Link to={pieceHref}>Back to the piece</Link>
            </Button>
          </Page>
        )
      }
    </QueryState>
  );
}
