import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const BID_COLUMNS =
  'id, project_id, designer_id, bid_amount, proposal, estimated_days, milestones, status, created_at, designer:profiles!project_bids_designer_id_fkey(full_name, designer_profile:designer_profiles(verified))';

/**
 * A project's bids with the bidder's profile. Row-level security returns every bid to
 * the project's owner and only their own bid to a designer, so the same query serves both views.
 */
export async function getProjectBids(projectId: string) {
  const { data, error } = await supabase
    .from('project_bids')
    .select(BID_COLUMNS)
    .eq('project_id', projectId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data;
}

export type ProjectBid = Awaited<ReturnType<typeof getProjectBids>>[number];

/** The bidder's verified badge ('student' | 'pro' | null; docs/trust-and-safety.md). */
export function bidderVerified(bid: ProjectBid): string | null {
  return bid.designer?.designer_profile?.verified ?? null;
}

const milestonesSchema = z.array(z.object({ title: z.string(), amount: z.coerce.number() }));

export type BidMilestone = z.infer<typeof milestonesSchema>[number];

/**
 * The bid's milestones as the client compares them (docs/milestones.md): its split, or one milestone, the whole
 * bid, when the designer did not split it.
 */
export function bidMilestones(bid: Pick<ProjectBid, 'milestones' | 'bid_amount'>): BidMilestone[] {
  const parsed = milestonesSchema.safeParse(bid.milestones);
  return parsed.success && parsed.data.length > 0 ? parsed.data : [{ title: 'Design work', amount: bid.bid_amount }];
}

/** The bidder's name, else their e-mail, else 'Designer'. */
export function bidderName(bid: ProjectBid): string {
  return bid.designer?.full_name || 'Designer';
}

export function getProjectBidsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.bids(projectId), queryFn: () => getProjectBids(projectId) });
}

export function useProjectBids(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProjectBidsQueryOptions(projectId), enabled });
}
