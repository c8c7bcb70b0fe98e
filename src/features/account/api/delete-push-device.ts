import { supabase } from '@/lib/supabase';

/** Forgets one of the user's devices by its endpoint (RLS: own rows only). */
export async function deletePushDevice(userId: string, endpoint: string): Promise<void> {
  const { error } = await supabase.from('push_subscriptions').delete().eq('user_id', userId).eq('endpoint', endpoint);
  if (error) throw error;
}
