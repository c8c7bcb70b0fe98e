import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { ChatThread } from '@/components/chat-thread/chat-thread';
import { useChatThread, type ChatDraft, type ChatMessage } from '@/components/chat-thread/use-chat-thread';
import {
  addConversationMessageToCache,
  useConversationMessages,
  type ConversationMessage,
} from '@/features/messages/api/get-conversation-messages';
import { useSeen } from '@/features/messages/api/get-seen';
import { useMarkReadWhileVisible } from '@/features/messages/api/mark-conversation-read';
import { sendConversationMessage } from '@/features/messages/api/send-conversation-message';
import { OnlineStatus } from '@/features/messages/components/conversation-presence';
import { useConversationMessagesRealtime } from '@/features/messages/hooks/use-conversation-messages-realtime';
import { useConversationPresence } from '@/features/messages/hooks/use-conversation-presence';
import { MESSAGE_PHOTOS_BUCKET, messageDraftSchema } from '@/features/messages/utils/message-draft';
import { newestFrom } from '@/features/messages/utils/newest-from';
import { typingText } from '@/features/messages/utils/typing-text';

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
 * on the right as You, older pages on demand, live for both sides; a message that fails stays with Retry. Messages
 * carry up to 6 photos; Seen, typing and online as docs/working-together.md says.
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
  const presence = useConversationPresence(`piece-chat:${conversationId}`, userId);
  const seen = useSeen('piece', conversationId, userId);
  const toMessage = useCallback(
    (message: ConversationMessage) => ({
      id: message.id,
      senderId: message.sender_id,
      senderName: otherName,
      createdAt: message.created_at,
      text: message.body,
      photos: message.photos,
      removed: message.hidden_at != null,
    }),
    [otherName],
  );
  const send = async (draft: ChatDraft) =>
    addConversationMessageToCache(
      queryClient,
      conversationId,
      await sendConversationMessage(conversationId, userId, draft),
    );
  const query = useConversationMessages(conversationId);
  const newest = useMemo(() => newestFrom(query.data, (m) => m.sender_id !== userId), [query.data, userId]);
  useMarkReadWhileVisible('piece', conversationId, newest?.id ?? null);
  const thread = useChatThread({
    query,
    toMessage,
    schema: messageDraftSchema,
    send,
    onSendError,
    onTyping: presence.notifyTyping,
  });
  return (
    <ChatThread
      title={title}
      userId={userId}
      thread={thread}
      emptyText="No messages yet. Ask about size, condition or pick-up."
      messageTestId="listing-message"
      messageActions={messageActions}
      closed={closed}
      photoBucket={MESSAGE_PHOTOS_BUCKET}
      seenAt={seen.data}
      status={<OnlineStatus name={otherName} online={presence.online} />}
      activity={typingText(otherName, presence.typing)}
    />
  );
}
