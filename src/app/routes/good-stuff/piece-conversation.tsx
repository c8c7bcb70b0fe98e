import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { usePieceConversation } from '@/features/messages/api/get-piece-conversation';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';
import { useBlockState } from '@/features/safety/api/get-block-state';
import { BlockButton } from '@/features/safety/components/block-button';
import { ContactClosedNotice } from '@/features/safety/components/contact-closed-notice';
import { ReportButton } from '@/features/safety/components/report-button';
import { cantContactMessage } from '@/lib/cant-contact';
import { blockKeys } from '@/lib/query-keys';

/**
 * A piece's conversation between one buyer and its seller ('Ask the seller', docs/product.md, Good Stuff): only
 * the two of them can open it (the policies hide it from anyone else, who is told it was not found). With a block
 * between the two it stays readable but closed (docs/trust-and-safety.md).
 */
export function Component() {
  const { id = '', conversationId = '' } = useParams();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.user?.id ?? '';
  const conversation = usePieceConversation(conversationId);
  const found = conversation.data;
  const otherId = found ? (found.buyer_id === userId ? found.seller_id : found.buyer_id) : null;
  const blockState = useBlockState(userId, otherId);
  const pieceHref = paths.piece.getHref(id);
  return (
    <QueryState query={conversation} loading="Loading conversation…" failed="Failed to load the conversation">
      {(found) => {
        if (!found)
          return (
            <Page title="Conversation not found">
              <Button asChild variant="outline">
                <Link to={pieceHref}>Back to the piece</Link>
              </Button>
            </Page>
          );
        const other =
          found.buyer_id === userId
            ? { id: found.seller_id, name: found.seller_name }
            : { id: found.buyer_id, name: found.buyer_name };
        const state = blockState.data;
        return (
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
            actions={
              <>
                <ReportButton subject={{ kind: 'person', id: other.id }} what={other.name} />
                <BlockButton userId={userId} otherId={other.id} name={other.name} />
              </>
            }
          >
            <ConversationPanel
              conversationId={found.id}
              userId={userId}
              otherName={other.name}
              title="Messages"
              closed={
                state === 'blocked' || state === 'closed' ? (
                  <ContactClosedNotice state={state} userId={userId} otherId={other.id} name={other.name} />
                ) : undefined
              }
              messageActions={(message) =>
                message.senderId === userId ? null : (
                  <ReportButton
                    look="icon"
                    subject={{ kind: 'piece_message', id: message.id }}
                    what={`the message from ${other.name}`}
                  />
                )
              }
              // A block that came while the page was open: read the state again, so the composer closes.
              onSendError={(error) => {
                if (cantContactMessage(error))
                  void queryClient.invalidateQueries({ queryKey: blockKeys.state(userId, other.id) });
              }}
            />
          </Page>
        );
      }}
    </QueryState>
  );
}
