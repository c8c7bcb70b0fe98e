import type { Milestone } from '@/features/milestones/utils/milestone-state';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/** The customer releases what Good Space holds of a milestone to the designer (`release-milestone`). */
export async function releaseMilestone(milestoneId: string): Promise<Milestone> {
  const data = await invokeFunction<{ milestone: Milestone }>('release-milestone', { milestoneId });
  return data.milestone;
}

export function useReleaseMilestone(projectId: string, callbacks: MutationCallbacks<Milestone, string> = {}) {
  return useMilestoneMutation(projectId, releaseMilestone, callbacks);
}
