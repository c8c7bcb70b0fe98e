import { z } from 'zod';
import type { Milestone } from '@/features/milestones/utils/milestone-state';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/** The customer's note (the database checks 1..2000 characters too). */
export const changesNoteSchema = z.object({
  note: z.string().trim().min(1, 'Say what should change').max(2000, 'The note must be at most 2000 characters'),
});

export type RequestChangesInput = { milestoneId: string; note: string };

/** The customer asks for changes to a submitted milestone; its automatic release stops (rpc request_milestone_changes). */
export async function requestMilestoneChanges({ milestoneId, note }: RequestChangesInput): Promise<Milestone> {
  const { data, error } = await supabase.rpc('request_milestone_changes', { milestone_id: milestoneId, note });
  if (error) throw error;
  return data;
}

export function useRequestMilestoneChanges(
  projectId: string,
  callbacks: MutationCallbacks<Milestone, RequestChangesInput> = {},
) {
  return useMilestoneMutation(projectId, requestMilestoneChanges, callbacks);
}
