import { supabase } from '@/lib/supabase';

/** Removes a piece from the viewer's saved pieces. */
export async function unsaveItem(userId: string, itemId: string): Promise<void> {
  const { error } = await supabase.from('saved_items').delete().eq('user_id', userId).eq('catalog_item_id', itemId);
  if (error) throw error;
}
