import { MESSAGE_COLUMNS, type Message } from '@/features/messages/api/get-project-messages';
import { supabase } from '@/lib/supabase';

/** One message with its sender, for a realtime insert (the change feed carries the row, not the sender's name). */
export async function getMessage(messageId: string): Promise<Message | null> {
  const { data, error } = await supabase.from('messages').select(MESSAGE_COLUMNS).eq('id', messageId).maybeSingle();
  if (error) throw error;
  return data;
}
