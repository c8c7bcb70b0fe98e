import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { designerKeys, projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A review: rating 1 to 5 (default 5), comment optional (the database allows up to 1000 characters). */
export const createReviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Please choose a rating').max(5),
  comment: z
    .string()
    .trim()
    .max(1000, 'Comment must be at most 1000 characters')
    .transform((v) => (v === '' ? null : v)),
});

export type CreateReviewInput = z.output<typeof createReviewInputSchema>;
export type ReviewTarget = { projectId: string; designerId: string; clientId: string };

export async function createReview(target: ReviewTarget, input: CreateReviewInput): Promise<void> {
  const { error } = await supabase.from('reviews').insert({
    project_id: target.projectId,
    designer_id: target.designerId,
    client_id: target.clientId,
    rating: input.rating,
    comment: input.comment,
  });
  if (error) throw error;
}

export function useCreateReview(target: ReviewTarget, callbacks: MutationCallbacks<void, CreateReviewInput> = {}) {
  return useRefreshingMutation({
    mutationFn: (input: CreateReviewInput) => createReview(target, input),
    refreshes: () => [designerKeys.detail(target.designerId), projectKeys.review(target.projectId)],
    callbacks,
  });
}
