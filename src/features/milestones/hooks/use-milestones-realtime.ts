import { useLiveQuery } from '@/hooks/use-live-query';
import { milestoneKeys, projectKeys } from '@/lib/query-keys';

/**
 * A project's milestones, live for its two parties (docs/milestones.md): a funding confirmed by the provider's
 * webhook, a submission, a release, a refund, a dispute, a statement or a decision shows as it happens. One feed
 * over the four tables (row-level security decides who hears, one catch-up read when it subscribes); any change
 * reads the milestones again, and the earnings and design-fee payments too.
 */
export function useMilestonesRealtime(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  useLiveQuery({
    channel: `project-milestones:${projectId}`,
    table: ['project_milestones', 'milestone_payments', 'milestone_disputes', 'milestone_dispute_statements'],
    filter: `project_id=eq.${projectId}`,
    queryKey: projectKeys.milestones(projectId),
    alsoReads: [milestoneKeys.money()],
    enabled,
  });
}
