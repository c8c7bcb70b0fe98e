import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ChatThread } from '@/components/chat-thread/chat-thread';
import { useChatThread, type ChatMessage } from '@/components/chat-thread/use-chat-thread';
import { addMessageToCache, useMessages, type Message } from '@/features/messages/api/get-project-messages';
import { messageContentSchema, sendMessage } from '@/features/messages/api/send-project-message';
import { useMessagesRealtime } from '@/features/messages/hooks/use-project-messages-realtime';

const toMessage = (message: Message): ChatMessage => ({
  id: message.id,
  senderId: message.sender_id,
  senderName: message.sender?.full_name || 'Unknown',
  createdAt: message.created_at,
  text: message.content,
  removed: message.hidden_at != null,
});

type Props = {
  projectId: string;
  userId: string;
  /** A small action beside each of the other party's messages (Report, docs/trust-and-safety.md). */
  messageActions?: (message: ChatMessage) => ReactNode;
};

/**
 * The project's messages panel: oldest first, own messages on the right as You, live for both parties. A block does
 * not close it: people who share a project can still write about it (docs/trust-and-safety.md).
 */
export function MessagesPanel({ projectId, userId, messageActions }: Props) {
  const queryClient = useQueryClient();
  useMessagesRealtime(projectId);
  const send = async (text: string) =>
    addMessageToCache(queryClient, projectId, await sendMessage(projectId, userId, text));
  const thread = useChatThread({ query: useMessages(projectId), toMessage, schema: messageContentSchema, send });
  return (
    <ChatThread
      title="Messages"
      userId={userId}
      thread={thread}
      emptyText="No messages yet. Say hello!"
      messageTestId="message"
      messageActions={messageActions}
    />
  );
}
