import { supabase } from '@/lib/supabase';

/** Saves a piece for the viewer (their own row; RLS keeps it theirs). Saving twice is not an error. */
export async function saveItem(userId: string, itemId: string): Promise<void> {
  const { error } = await supabase.from('saved_items').insert({ user_id: userId, catalog_item_id: itemId });
  // Already saved (another tab, a double click): the heart's state is what was asked for.
  if (error && error.code !== '23505') throw error;
}
