import { supabase } from '@/lib/supabase';

/** Saves a designer for the viewer (their own row; RLS keeps it theirs). Saving twice is not an error. */
export async function saveDesigner(userId: string, designerId: string): Promise<void> {
  const { error } = await supabase.from('saved_designers').insert({ user_id: userId, designer_id: designerId });
  if (error && error.code !== '23505') throw error;
}
