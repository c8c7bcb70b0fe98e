import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type MilestoneDispute = Tables<'milestone_disputes'> & {
  statements: Tables<'milestone_dispute_statements'>[];
};

/**
 * A project's milestones in order, their money ledger (charges, refunds, transfers) and their disputes with each
 * party's statement (docs/milestones.md). Row-level security lets only the project's customer and designer (and
 * operators) read them; an empty answer is a project without an accepted bid yet.
 */
export async function getProjectMilestones(projectId: string) {
  const [milestones, payments, disputes] = await Promise.all([
    supabase.from('project_milestones').select('*').eq('project_id', projectId).order('position'),
    supabase
      .from('milestone_payments')
      .select('*')
      .eq('project_id', projectId)
      .order('created_at', { ascending: true })
      .order('id'),
    supabase
      .from('milestone_disputes')
      .select('*, statements:milestone_dispute_statements(*)')
      .eq('project_id', projectId)
      .order('created_at', { ascending: true }),
  ]);
  if (milestones.error) throw milestones.error;
  if (payments.error) throw payments.error;
  if (disputes.error) throw disputes.error;
  return { milestones: milestones.data, payments: payments.data, disputes: disputes.data as MilestoneDispute[] };
}

export type ProjectMilestones = Awaited<ReturnType<typeof getProjectMilestones>>;

export function getProjectMilestonesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.milestones(projectId),
    queryFn: () => getProjectMilestones(projectId),
  });
}

export function useProjectMilestones(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProjectMilestonesQueryOptions(projectId), enabled });
}
