import { supabase } from '@/lib/supabase';

/** Removes a designer from the viewer's saved designers. */
export async function unsaveDesigner(userId: string, designerId: string): Promise<void> {
  const { error } = await supabase.from('saved_designers').delete().eq('user_id', userId).eq('designer_id', designerId);
  if (error) throw error;
}
