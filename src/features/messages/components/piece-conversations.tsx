import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { usePieceConversations } from '@/features/messages/api/get-piece-conversations';
import { unreadKey, useUnreadCounts } from '@/features/messages/api/get-unread-counts';
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { formatWhen } from '@/features/messages/utils/format-when';

type Props = {
  itemId: string;
  title: string;
  conversationHref: (conversationId: string) => string;
  headingLevel?: 2 | 3;
  /** The seller: their unread counts show on each conversation. */
  viewerId: string;
  /**
   * Whether the unread counts follow the viewer's reading elsewhere live (one feed per page: a page listing several
   * pieces reads them on opening and on returning to the tab instead).
   */
  live?: boolean;
};

/**
 * The seller's view of who asked about the piece: one link per buyer's conversation, latest message first, each with
 * how many of the buyer's messages the seller has not read (docs/working-together.md).
 */
export function PieceConversations({
  itemId,
  title,
  conversationHref,
  headingLevel = 2,
  viewerId,
  live = true,
}: Props) {
  const conversations = usePieceConversations(itemId);
  const unread = useUnreadCounts(viewerId, { live });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={`Questions about ${title}`} className="space-y-3">
      <Heading className="font-semibold">Questions from buyers</Heading>
      <PagedList
        query={conversations}
        loading="Loading conversations…"
        failed="Failed to load conversations"
        toast={false}
        size="sm"
        empty={<p className="text-sm text-muted-foreground">No questions yet.</p>}
        className="space-y-2"
        more={{ className: 'mt-2' }}
      >
        {(c) => (
          <li key={c.id}>
            <Link
              to={conversationHref(c.id)}
              className="flex items-center justify-between gap-3 rounded-md border p-3 text-sm hover:bg-accent"
            >
              <span className="flex items-center gap-2 font-medium">
                <MessageCircle aria-hidden="true" className="size-4" />
                {c.buyer_name}
              </span>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {c.last_message_at ? `Last message ${formatWhen(c.last_message_at)}` : 'No messages yet'}
                <UnreadBadge count={unread.data?.get(unreadKey('piece', c.id)) ?? 0} />
              </span>
            </Link>
          </li>
        )}
      </PagedList>
    </section>
  );
}
