import { loadSupabase } from '@/lib/supabase-loader';

/** SPEC §7 profiles: "select id where id is the user". True when the signed-in user still has a profile. */
export async function checkUserExists(userId: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('profiles').select('id').eq('id', userId).maybeSingle();
  if (error) throw error;
  return data !== null;
}
