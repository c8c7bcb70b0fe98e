import { blockRefreshes } from '@/features/safety/api/block-person';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/** Ends the viewer's block of a person (their own row; the primary key (blocker_id, blocked_id) finds it). */
export async function unblockPerson(userId: string, blockedId: string): Promise<void> {
  const { error } = await supabase.from('blocks').delete().eq('blocker_id', userId).eq('blocked_id', blockedId);
  if (error) throw error;
}

export function useUnblockPerson(userId: string, callbacks: MutationCallbacks<void, string> = {}) {
  return useRefreshingMutation({
    mutationFn: (blockedId: string) => unblockPerson(userId, blockedId),
    refreshes: () => blockRefreshes(userId),
    callbacks,
  });
}
