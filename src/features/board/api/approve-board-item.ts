import { useBoardMutation } from '@/features/board/hooks/use-board-mutation';
import type { BoardProposal } from '@/features/board/utils/board-proposal';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/**
 * The customer approves a proposal (rpc approve_board_item): it joins the project's items at its price, a Good Stuff
 * piece linked to its listing. A hard cap it would pass refuses it with the budget's own sentence and changes
 * nothing; so does a proposal no longer proposed (withdrawn meanwhile).
 */
export async function approveBoardItem(proposalId: string): Promise<BoardProposal> {
  const { data, error } = await supabase.rpc('approve_board_item', { proposal_id: proposalId });
  if (error) throw error;
  return data;
}

export function useApproveBoardItem(projectId: string, callbacks: MutationCallbacks<BoardProposal, string> = {}) {
  return useBoardMutation(projectId, approveBoardItem, callbacks);
}
