import { z } from 'zod';
import { LISTING_MESSAGE_COLUMNS, type ConversationMessage } from '@/features/messages/api/get-conversation-messages';
import { supabase } from '@/lib/supabase';

/** A message: trimmed, 1 to 2000 characters (the database trims and checks the same). */
export const conversationMessageBodySchema = z
  .string()
  .trim()
  .min(1, 'Message cannot be empty')
  .max(2000, 'Message must be at most 2000 characters');

export async function sendConversationMessage(
  conversationId: string,
  senderId: string,
  body: string,
): Promise<ConversationMessage> {
  const { data, error } = await supabase
    .from('listing_messages')
    .insert({ conversation_id: conversationId, sender_id: senderId, body: conversationMessageBodySchema.parse(body) })
    .select(LISTING_MESSAGE_COLUMNS)
    .single();
  if (error) throw error;
  return data;
}
