import { z } from 'zod';
import { useBoardMutation } from '@/features/board/hooks/use-board-mutation';
import { LIMITS, type BoardProposal } from '@/features/board/utils/board-proposal';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/** Why the customer declines (the database checks 1..1000 characters after trimming too). */
export const declineReasonSchema = z
  .string()
  .trim()
  .min(1, 'Say why you decline it')
  .max(LIMITS.reason, `The reason must be at most ${LIMITS.reason} characters`);

export type DeclineInput = { proposalId: string; reason: string };

/** The customer declines a proposal with a reason the designer reads (rpc decline_board_item); a piece's hold ends. */
export async function declineBoardItem({ proposalId, reason }: DeclineInput): Promise<BoardProposal> {
  const { data, error } = await supabase.rpc('decline_board_item', { proposal_id: proposalId, reason });
  if (error) throw error;
  return data;
}

export function useDeclineBoardItem(projectId: string, callbacks: MutationCallbacks<BoardProposal, DeclineInput> = {}) {
  return useBoardMutation(projectId, declineBoardItem, callbacks);
}
