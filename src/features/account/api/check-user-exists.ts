import { loadSupabase } from '@/lib/supabase-loader';

/** True when the signed-in user still has a row in profiles. */
export async function checkUserExists(userId: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('profiles').select('id').eq('id', userId).maybeSingle();
  if (error) throw error;
  return data !== null;
}
