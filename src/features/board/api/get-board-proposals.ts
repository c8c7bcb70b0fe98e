import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PROPOSALS, type BoardProposal } from '@/features/board/utils/board-proposal';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * A project's selection board: its proposals, newest first. Row-level security gives them to the project's customer
 * and designer (and operators) only. Read whole (a board is bounded, MAX_PROPOSALS): the room and status filters
 * work on it in the browser, so changing a filter asks nothing and the live feed keeps one query fresh.
 */
export async function getBoardProposals(projectId: string): Promise<BoardProposal[]> {
  const { data, error } = await supabase
    .from('board_proposals')
    .select('*')
    .eq('project_id', projectId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(MAX_PROPOSALS);
  if (error) throw error;
  return data;
}

export function getBoardProposalsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.board(projectId), queryFn: () => getBoardProposals(projectId) });
}

export function useBoardProposals(projectId: string) {
  return useQuery(getBoardProposalsQueryOptions(projectId));
}
