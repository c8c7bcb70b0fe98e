import { z } from 'zod';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

/** Why the party opens a dispute (the database checks 1..1000 characters too). */
export const disputeReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why you open a dispute')
    .max(1000, 'The reason must be at most 1000 characters'),
});

export type OpenDisputeInput = { milestoneId: string; reason: string };

/** Either party puts a held milestone in dispute; Good Space decides (rpc open_milestone_dispute). */
export async function openMilestoneDispute({
  milestoneId,
  reason,
}: OpenDisputeInput): Promise<Tables<'milestone_disputes'>> {
  const { data, error } = await supabase.rpc('open_milestone_dispute', { milestone_id: milestoneId, reason });
  if (error) throw error;
  return data;
}

export function useOpenMilestoneDispute(
  projectId: string,
  callbacks: MutationCallbacks<Tables<'milestone_disputes'>, OpenDisputeInput> = {},
) {
  return useMilestoneMutation(projectId, openMilestoneDispute, callbacks);
}
