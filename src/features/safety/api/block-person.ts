import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { blockKeys, conversationKeys, designerKeys, pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Blocks a person: the viewer's own row (blocker_id defaults to auth.uid(); RLS keeps it theirs). Blocking twice is
 * not an error. The blocked person is not told (docs/trust-and-safety.md).
 */
export async function blockPerson(blockedId: string): Promise<void> {
  const { error } = await supabase.from('blocks').insert({ blocked_id: blockedId });
  if (error && error.code !== '23505') throw error;
}

/** What a block changes for the viewer: the state, their list, and the lists the other one leaves. */
export function blockRefreshes(userId: string) {
  return [blockKeys.user(userId), designerKeys.lists(), pieceKeys.all, conversationKeys.all] as const;
}

export function useBlockPerson(userId: string, callbacks: MutationCallbacks<void, string> = {}) {
  return useRefreshingMutation({
    mutationFn: (blockedId: string) => blockPerson(blockedId),
    refreshes: () => blockRefreshes(userId),
    callbacks,
  });
}
