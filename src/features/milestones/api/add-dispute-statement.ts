import { z } from 'zod';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import { MILESTONE_PHOTOS_BUCKET, milestonePhotosSchema } from '@/features/milestones/utils/milestone-photos';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

/** A party's statement in a dispute: text (1..2000 characters) and up to 6 photos (the database checks both). */
export const disputeStatementSchema = z.object({
  body: z.string().trim().min(1, 'Write your statement').max(2000, 'The statement must be at most 2000 characters'),
  photos: milestonePhotosSchema,
});

export type AddStatementInput = { disputeId: string } & z.output<typeof disputeStatementSchema>;

/** Each party adds one statement while the dispute is open (rpc add_dispute_statement), its photos uploaded first. */
export async function addDisputeStatement(projectId: string, { disputeId, body, photos }: AddStatementInput) {
  const paths = await uploadPrivatePhotos(MILESTONE_PHOTOS_BUCKET, projectId, photos);
  const { data, error } = await supabase.rpc('add_dispute_statement', { dispute_id: disputeId, body, photos: paths });
  if (error) {
    await removePrivatePhotos(MILESTONE_PHOTOS_BUCKET, paths);
    throw error;
  }
  return data;
}

export function useAddDisputeStatement(
  projectId: string,
  callbacks: MutationCallbacks<Tables<'milestone_dispute_statements'>, AddStatementInput> = {},
) {
  return useMilestoneMutation(
    projectId,
    (input: AddStatementInput) => addDisputeStatement(projectId, input),
    callbacks,
  );
}
