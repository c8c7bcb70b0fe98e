import { LISTING_MESSAGE_COLUMNS, type ConversationMessage } from '@/features/messages/api/get-conversation-messages';
import { supabase } from '@/lib/supabase';

/** One message as the API shapes it, for a realtime insert (the change feed's row formats times its own way). */
export async function getConversationMessage(messageId: string): Promise<ConversationMessage | null> {
  const { data, error } = await supabase
    .from('listing_messages')
    .select(LISTING_MESSAGE_COLUMNS)
    .eq('id', messageId)
    .maybeSingle();
  if (error) throw error;
  return data;
}
