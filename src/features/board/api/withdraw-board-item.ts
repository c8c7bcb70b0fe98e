import { useBoardMutation } from '@/features/board/hooks/use-board-mutation';
import type { BoardProposal } from '@/features/board/utils/board-proposal';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/** The designer withdraws a proposal still awaiting the customer (rpc withdraw_board_item); a piece's hold ends. */
export async function withdrawBoardItem(proposalId: string): Promise<BoardProposal> {
  const { data, error } = await supabase.rpc('withdraw_board_item', { proposal_id: proposalId });
  if (error) throw error;
  return data;
}

export function useWithdrawBoardItem(projectId: string, callbacks: MutationCallbacks<BoardProposal, string> = {}) {
  return useBoardMutation(projectId, withdrawBoardItem, callbacks);
}
