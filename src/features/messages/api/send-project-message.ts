import { MESSAGE_COLUMNS, type Message } from '@/features/messages/api/get-project-messages';
import {
  MESSAGE_PHOTOS_BUCKET,
  messageDraftSchema,
  messagePhotoFolder,
  type MessageDraft,
} from '@/features/messages/utils/message-draft';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';
import { supabase } from '@/lib/supabase';

/**
 * Sends a project message: its photos go up first to the project's folder of message-photos (made WebP in the
 * browser), then the message names them; a refused message removes the photos it uploaded.
 */
export async function sendMessage(projectId: string, senderId: string, draft: MessageDraft): Promise<Message> {
  const { text, photos } = messageDraftSchema.parse(draft);
  const paths = await uploadPrivatePhotos(MESSAGE_PHOTOS_BUCKET, messagePhotoFolder('project', projectId), photos);
  const { data, error } = await supabase
    .from('messages')
    .insert({
      project_id: projectId,
      sender_id: senderId,
      content: text,
      ...(paths.length > 0 ? { photos: paths } : {}),
    })
    .select(MESSAGE_COLUMNS)
    .single();
  if (error) {
    await removePrivatePhotos(MESSAGE_PHOTOS_BUCKET, paths);
    throw error;
  }
  return data;
}
