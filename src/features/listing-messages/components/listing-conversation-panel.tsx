import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ChatThread } from '@/components/chat-thread';
import {
  addListingMessageToCache,
  useListingMessages,
  type ListingMessage,
} from '@/features/listing-messages/api/get-listing-messages';
import { listingMessageBodySchema, sendListingMessage } from '@/features/listing-messages/api/send-listing-message';
import { useListingMessagesRealtime } from '@/features/listing-messages/hooks/use-listing-messages-realtime';

type Props = {
  conversationId: string;
  userId: string;
  /** The other participant's name, shown on their messages. */
  otherName: string;
  title: string;
};

/**
 * A piece's conversation between a buyer and its seller (docs/product.md, Good Stuff): oldest first, own messages
 * on the right as You, older pages on demand, live for both sides; a message that fails stays with Retry.
 */
export function ListingConversationPanel({ conversationId, userId, otherName, title }: Props) {
  const queryClient = useQueryClient();
  const messages = useListingMessages(conversationId);
  useListingMessagesRealtime(conversationId);
  const toMessage = useCallback(
    (message: ListingMessage) => ({
      id: message.id,
      senderId: message.sender_id,
      senderName: otherName,
      createdAt: message.created_at,
      text: message.body,
    }),
    [otherName],
  );
  return (
    <ChatThread
      title={title}
      userId={userId}
      query={messages}
      toMessage={toMessage}
      emptyText="No messages yet. Ask about size, condition or pick-up."
      messageTestId="listing-message"
      schema={listingMessageBodySchema}
      send={async (text) =>
        addListingMessageToCache(queryClient, conversationId, await sendListingMessage(conversationId, userId, text))
      }
    />
  );
}
