import { QueryState } from '@/components/query-state';
import { useBuyerConversation } from '@/features/messages/api/get-buyer-conversation';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';
import type { OrderDetail } from '@/features/orders/api/get-order';

/** The order's buyer and seller arrange the pickup in the piece's conversation between the two of them. */
export function PickupConversation({ order, viewerId }: { order: OrderDetail; viewerId: string }) {
  const itemId = order.catalog_item_id ?? '';
  const buyerId = order.buyer_id ?? '';
  const conversation = useBuyerConversation(itemId, buyerId, viewerId);
  const viewerIsBuyer = viewerId === buyerId;
  return (
    <QueryState
      query={conversation}
      loading="Loading the conversation…"
      failed="Failed to load the conversation"
      toast={false}
      size="sm"
    >
      {(conversationId) =>
        conversationId ? (
          <ConversationPanel
            conversationId={conversationId}
            userId={viewerId}
            otherName={viewerIsBuyer ? order.seller_name : order.buyer_name}
            title="Pickup conversation"
          />
        ) : (
          <section aria-labelledby="pickup-title" className="space-y-2 rounded-lg border p-4">
            <h2 id="pickup-title" className="text-lg font-semibold">
              Pickup conversation
            </h2>
            <p className="text-sm text-muted-foreground">
              No messages yet. {order.buyer_name} can write to you here to arrange the pickup.
            </p>
          </section>
        )
      }
    </QueryState>
  );
}
