import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { ChatThread } from '@/components/chat-thread/chat-thread';
import { useChatThread, type ChatMessage } from '@/components/chat-thread/use-chat-thread';
import {
  addConversationMessageToCache,
  useConversationMessages,
  type ConversationMessage,
} from '@/features/messages/api/get-conversation-messages';
import {
  conversationMessageBodySchema,
  sendConversationMessage,
} from '@/features/messages/api/send-conversation-message';
import { useConversationMessagesRealtime } from '@/features/messages/hooks/use-conversation-messages-realtime';

type Props = {
  conversationId: string;
  userId: string;
  /** The other participant's name, shown on their messages. */
  otherName: string;
  title: string;
  /** In the composer's place when the conversation is closed (a block, docs/trust-and-safety.md). */
  closed?: ReactNode;
  /** A small action beside each of the other person's messages (Report). */
  messageActions?: (message: ChatMessage) => ReactNode;
  /** Told when a send failed (the page reads again whether the conversation is still open). */
  onSendError?: (error: unknown) => void;
};

/**
 * A piece's conversation between a buyer and its seller (docs/product.md, Good Stuff): oldest first, own messages
 * on the right as You, older pages on demand, live for both sides; a message that fails stays with Retry.
 */
export function ConversationPanel({
  conversationId,
  userId,
  otherName,
  title,
  closed,
  messageActions,
  onSendError,
}: Props) {
  const queryClient = useQueryClient();
  useConversationMessagesRealtime(conversationId);
  const toMessage = useCallback(
    (message: ConversationMessage) => ({
      id: message.id,
      senderId: message.sender_id,
      senderName: otherName,
      createdAt: message.created_at,
      text: message.body,
      removed: message.hidden_at != null,
    }),
    [otherName],
  );
  const send = async (text: string) =>
    addConversationMessageToCache(
      queryClient,
      conversationId,
      await sendConversationMessage(conversationId, userId, text),
    );
  const query = useConversationMessages(conversationId);
  const thread = useChatThread({ query, toMessage, schema: conversationMessageBodySchema, send, onSendError });
  return (
    <ChatThread
      title={title}
      userId={userId}
      thread={thread}
      emptyText="No messages yet. Ask about size, condition or pick-up."
      messageTestId="listing-message"
      messageActions={messageActions}
      closed={closed}
    />
  );
}
