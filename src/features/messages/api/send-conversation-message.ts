import { LISTING_MESSAGE_COLUMNS, type ConversationMessage } from '@/features/messages/api/get-conversation-messages';
import {
  MESSAGE_PHOTOS_BUCKET,
  messageDraftSchema,
  messagePhotoFolder,
  type MessageDraft,
} from '@/features/messages/utils/message-draft';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';
import { supabase } from '@/lib/supabase';

/**
 * Sends a message in a piece's conversation: its photos go up first to the conversation's folder of
 * message-photos (made WebP in the browser), then the message names them; a refused message removes them.
 */
export async function sendConversationMessage(
  conversationId: string,
  senderId: string,
  draft: MessageDraft,
): Promise<ConversationMessage> {
  const { text, photos } = messageDraftSchema.parse(draft);
  const paths = await uploadPrivatePhotos(MESSAGE_PHOTOS_BUCKET, messagePhotoFolder('piece', conversationId), photos);
  const { data, error } = await supabase
    .from('listing_messages')
    .insert({
      conversation_id: conversationId,
      sender_id: senderId,
      body: text,
      ...(paths.length > 0 ? { photos: paths } : {}),
    })
    .select(LISTING_MESSAGE_COLUMNS)
    .single();
  if (error) {
    await removePrivatePhotos(MESSAGE_PHOTOS_BUCKET, paths);
    throw error;
  }
  return data;
}
