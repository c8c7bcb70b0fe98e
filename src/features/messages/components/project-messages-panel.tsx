import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { ChatThread } from '@/components/chat-thread/chat-thread';
import { useChatThread, type ChatDraft, type ChatMessage } from '@/components/chat-thread/use-chat-thread';
import { addMessageToCache, useMessages, type Message } from '@/features/messages/api/get-project-messages';
import { useSeen } from '@/features/messages/api/get-seen';
import { useMarkReadWhileVisible } from '@/features/messages/api/mark-conversation-read';
import { sendMessage } from '@/features/messages/api/send-project-message';
import { OnlineStatus } from '@/features/messages/components/conversation-presence';
import { useConversationPresence } from '@/features/messages/hooks/use-conversation-presence';
import { useMessagesRealtime } from '@/features/messages/hooks/use-project-messages-realtime';
import { MESSAGE_PHOTOS_BUCKET, messageDraftSchema } from '@/features/messages/utils/message-draft';
import { newestFrom } from '@/features/messages/utils/newest-from';
import { typingText } from '@/features/messages/utils/typing-text';

const toMessage = (message: Message): ChatMessage => ({
  id: message.id,
  senderId: message.sender_id,
  senderName: message.sender?.full_name || 'Unknown',
  createdAt: message.created_at,
  text: message.content,
  photos: message.photos,
  removed: message.hidden_at != null,
});

type Props = {
  projectId: string;
  userId: string;
  /**
   * What to call the other party until one of their messages names them ('Your designer', 'Your client'): the
   * online dot and "… is typing" say it.
   */
  otherLabel?: string;
  /** A small action beside each of the other party's messages (Report, docs/trust-and-safety.md). */
  messageActions?: (message: ChatMessage) => ReactNode;
};

/**
 * The project's messages panel: oldest first, own messages on the right as You, live for both parties, with up to 6
 * photos a message, Seen, typing and online (docs/working-together.md). A block does not close it: people who share
 * a project can still write about it (docs/trust-and-safety.md).
 */
export function MessagesPanel({ projectId, userId, otherLabel = 'The other party', messageActions }: Props) {
  const queryClient = useQueryClient();
  useMessagesRealtime(projectId);
  const presence = useConversationPresence(`project:${projectId}`, userId);
  const seen = useSeen('project', projectId, userId);
  const send = async (draft: ChatDraft) =>
    addMessageToCache(queryClient, projectId, await sendMessage(projectId, userId, draft));
  const query = useMessages(projectId);
  const newest = useMemo(() => newestFrom(query.data, (m) => m.sender_id !== userId), [query.data, userId]);
  useMarkReadWhileVisible('project', projectId, newest?.id ?? null);
  const otherName = newest?.sender?.full_name?.trim() || otherLabel;
  const thread = useChatThread({
    query,
    toMessage,
    schema: messageDraftSchema,
    send,
    onTyping: presence.notifyTyping,
  });
  return (
    <ChatThread
      title="Messages"
      userId={userId}
      thread={thread}
      emptyText="No messages yet. Say hello!"
      messageTestId="message"
      messageActions={messageActions}
      photoBucket={MESSAGE_PHOTOS_BUCKET}
      seenAt={seen.data}
      status={<OnlineStatus name={otherName} online={presence.online} />}
      activity={typingText(otherName, presence.typing)}
    />
  );
}
