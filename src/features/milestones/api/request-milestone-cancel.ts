import type { Milestone } from '@/features/milestones/utils/milestone-state';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/**
 * The customer asks to cancel a funded milestone that was never submitted (rpc request_milestone_cancel); the
 * designer agrees by refunding it in full.
 */
export async function requestMilestoneCancel(milestoneId: string): Promise<Milestone> {
  const { data, error } = await supabase.rpc('request_milestone_cancel', { milestone_id: milestoneId });
  if (error) throw error;
  return data;
}

export function useRequestMilestoneCancel(projectId: string, callbacks: MutationCallbacks<Milestone, string> = {}) {
  return useMilestoneMutation(projectId, requestMilestoneCancel, callbacks);
}
