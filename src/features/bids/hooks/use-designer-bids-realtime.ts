import { useLiveQuery } from '@/hooks/use-live-query';
import { projectKeys } from '@/lib/query-keys';

/**
 * A designer's dashboard follows their bids live: when a customer accepts one (it becomes accepted and the
 * others rejected, the project assigned), the designer's projects, bids and both totals are read again.
 */
export function useDesignerBidsRealtime(designerId: string | undefined) {
  useLiveQuery({
    channel: `designer-bids:${designerId ?? ''}`,
    table: 'project_bids',
    filter: `designer_id=eq.${designerId ?? ''}`,
    queryKey: projectKeys.designer(designerId ?? ''),
    enabled: Boolean(designerId),
  });
}
