import { useLiveQuery } from '@/hooks/use-live-query';
import { milestoneKeys, projectKeys } from '@/lib/query-keys';

/**
 * A project's milestones, live for its two parties (docs/milestones.md): a funding confirmed by the provider's
 * webhook, a submission, a release, a refund, a dispute, a statement or a decision shows as it happens. Each of the
 * four tables has its feed (row-level security decides who hears); any change reads the milestones again, and the
 * earnings and design-fee payments too.
 */
export function useMilestonesRealtime(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryKey = projectKeys.milestones(projectId);
  const filter = `project_id=eq.${projectId}`;
  const alsoReads = [milestoneKeys.money()];
  useLiveQuery({
    channel: `project-milestones:${projectId}`,
    table: 'project_milestones',
    filter,
    queryKey,
    alsoReads,
    enabled,
  });
  useLiveQuery({
    channel: `milestone-payments:${projectId}`,
    table: 'milestone_payments',
    filter,
    queryKey,
    alsoReads,
    enabled,
  });
  useLiveQuery({ channel: `milestone-disputes:${projectId}`, table: 'milestone_disputes', filter, queryKey, enabled });
  useLiveQuery({
    channel: `milestone-statements:${projectId}`,
    table: 'milestone_dispute_statements',
    filter,
    queryKey,
    enabled,
  });
}
