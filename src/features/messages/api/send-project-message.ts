import { z } from 'zod';
import { MESSAGE_COLUMNS, type Message } from '@/features/messages/api/get-project-messages';
import { supabase } from '@/lib/supabase';

/** A message: trimmed, 1 to 2000 characters (the database trims and checks the same). */
export const messageContentSchema = z
  .string()
  .trim()
  .min(1, 'Message cannot be empty')
  .max(2000, 'Message must be at most 2000 characters');

export async function sendMessage(projectId: string, senderId: string, content: string): Promise<Message> {
  const { data, error } = await supabase
    .from('messages')
    .insert({ project_id: projectId, sender_id: senderId, content: messageContentSchema.parse(content) })
    .select(MESSAGE_COLUMNS)
    .single();
  if (error) throw error;
  return data;
}
