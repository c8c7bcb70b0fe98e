import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { BoardProposal } from '@/features/board/utils/board-proposal';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, projectKeys } from '@/lib/query-keys';

/**
 * Every step on the board (propose, approve, decline, ask for an alternative, withdraw): once the database answered,
 * the board, the project's items with their total (an approval adds an item: the budget tracker and the board's
 * approval sentences move) and the pieces (a piece's hold starts or ends) are read again; after a refusal too (the
 * other party may have decided or withdrawn meanwhile).
 */
export function useBoardMutation<TInput>(
  projectId: string,
  mutationFn: (input: TInput) => Promise<BoardProposal>,
  callbacks: MutationCallbacks<BoardProposal, TInput>,
) {
  return useRefreshingMutation({
    mutationFn,
    refreshes: () => [projectKeys.board(projectId), projectKeys.items(projectId), pieceKeys.all],
    refreshOnError: true,
    callbacks,
  });
}
