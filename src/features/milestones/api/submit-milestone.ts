import { z } from 'zod';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import { MILESTONE_PHOTOS_BUCKET, milestonePhotosSchema } from '@/features/milestones/utils/milestone-photos';
import type { Milestone } from '@/features/milestones/utils/milestone-state';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';
import { supabase } from '@/lib/supabase';

/** The designer's submission: a note (1..2000 characters) and up to 6 photos (the database checks both again). */
export const submitMilestoneSchema = z.object({
  note: z.string().trim().min(1, 'Say what you delivered').max(2000, 'The note must be at most 2000 characters'),
  photos: milestonePhotosSchema,
});

export type SubmitMilestoneInput = { milestoneId: string } & z.output<typeof submitMilestoneSchema>;

/**
 * The designer submits a funded milestone (or submits again after changes were asked): the photos go up first,
 * then rpc submit_milestone records the note and their paths and starts the 14 days to the automatic release.
 */
export async function submitMilestone(projectId: string, { milestoneId, note, photos }: SubmitMilestoneInput) {
  const paths = await uploadPrivatePhotos(MILESTONE_PHOTOS_BUCKET, projectId, photos);
  const { data, error } = await supabase.rpc('submit_milestone', { milestone_id: milestoneId, note, photos: paths });
  if (error) {
    await removePrivatePhotos(MILESTONE_PHOTOS_BUCKET, paths);
    throw error;
  }
  return data;
}

export function useSubmitMilestone(
  projectId: string,
  callbacks: MutationCallbacks<Milestone, SubmitMilestoneInput> = {},
) {
  return useMilestoneMutation(projectId, (input: SubmitMilestoneInput) => submitMilestone(projectId, input), callbacks);
}
