import { z } from 'zod';
import { useBoardMutation } from '@/features/board/hooks/use-board-mutation';
import { LIMITS, type BoardProposal } from '@/features/board/utils/board-proposal';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/** What the customer would rather have: optional, at most 1000 characters (the database checks it too). */
export const alternativeNoteSchema = z
  .string()
  .trim()
  .max(LIMITS.note, `The note must be at most ${LIMITS.note} characters`);

export type AlternativeInput = { proposalId: string; note: string };

/**
 * The customer asks the designer for an alternative to a proposal (rpc ask_board_alternative), with a note on what
 * they would rather have or none; a piece's hold ends.
 */
export async function askBoardAlternative({ proposalId, note }: AlternativeInput): Promise<BoardProposal> {
  const { data, error } = await supabase.rpc('ask_board_alternative', {
    proposal_id: proposalId,
    note: note.trim() === '' ? undefined : note.trim(),
  });
  if (error) throw error;
  return data;
}

export function useAskBoardAlternative(
  projectId: string,
  callbacks: MutationCallbacks<BoardProposal, AlternativeInput> = {},
) {
  return useBoardMutation(projectId, askBoardAlternative, callbacks);
}
