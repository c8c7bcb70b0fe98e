import { useLiveQuery } from '@/hooks/use-live-query';
import { projectKeys } from '@/lib/query-keys';

/**
 * The board is live for both parties (docs/architecture.md, Live pages): a proposal, a decision or a withdrawal by
 * the other reads the board again, and so does every (re)subscribe. An approval adds an item, so the items and
 * their total (the budget tracker's, and the board's approval sentences) are read again too.
 */
export function useBoardRealtime(projectId: string, { enabled }: { enabled: boolean }) {
  useLiveQuery({
    channel: `board-proposals:${projectId}`,
    table: 'board_proposals',
    filter: `project_id=eq.${projectId}`,
    queryKey: projectKeys.board(projectId),
    alsoReads: [projectKeys.items(projectId)],
    enabled,
  });
}
