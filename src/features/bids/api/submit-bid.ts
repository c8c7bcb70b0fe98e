import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A bid: amount with cents (step 0.01), proposal required, estimated days optional. */
export const submitBidInputSchema = z.object({
  bid_amount: z
    .string()
    .trim()
    .min(1, 'Bid amount is required')
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Bid amount must be a positive amount (cents at most)')
    .refine((v) => Number(v) < 10_000_000_000, 'Bid amount is too large')
    .transform(Number),
  estimated_days: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3650),
      'Estimated days must be between 1 and 3650',
    )
    .transform((v) => (v === '' ? null : Number(v))),
  proposal: z.string().trim().min(1, 'Proposal is required').max(2000, 'Proposal must be at most 2000 characters'),
});

export type SubmitBidFormValues = z.input<typeof submitBidInputSchema>;
export type SubmitBidInput = z.output<typeof submitBidInputSchema>;

export async function submitBid(projectId: string, designerId: string, input: SubmitBidInput): Promise<void> {
  const { error } = await supabase
    .from('project_bids')
    .insert({ project_id: projectId, designer_id: designerId, ...input });
  if (error) throw error;
}

export function useSubmitBid(
  projectId: string,
  designerId: string,
  callbacks: MutationCallbacks<void, SubmitBidInput> = {},
) {
  return useRefreshingMutation({
    mutationFn: (input: SubmitBidInput) => submitBid(projectId, designerId, input),
    // The designer's own bids (dashboard tab and its total).
    refreshes: () => [projectKeys.bids(projectId), projectKeys.designerBids(designerId)],
    callbacks,
  });
}
