import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** At most this many milestones in one bid (docs/milestones.md; the database checks it too). */
export const MAX_BID_MILESTONES = 4;

const centsOf = (value: string) => Math.round(Number(value) * 100);
const isAmount = (value: string) => /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0;
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** One milestone of a bid as typed: a title and an amount in dollars and cents. */
const milestoneRowSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give each milestone a title of up to 80 characters')
    .max(80, 'Give each milestone a title of up to 80 characters'),
  amount: z
    .string()
    .trim()
    .refine(isAmount, 'Each milestone needs an amount above $0 with at most 2 decimals')
    .transform(Number),
});

/**
 * A bid: amount with cents (step 0.01), proposal required, estimated days optional, and optionally split into 1 to
 * 4 milestones (title and amount) that add up to the bid exactly (docs/milestones.md). The sentences are the
 * database's own, which checks the same rules on insert. Not split: `milestones` is null (one milestone, the whole
 * bid).
 */
export const submitBidInputSchema = z
  .object({
    bid_amount: z
      .string()
      .trim()
      .min(1, 'Bid amount is required')
      .refine(
        (v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0,
        'Bid amount must be a positive amount (cents at most)',
      )
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
    split: z.boolean(),
    milestones: z.array(milestoneRowSchema).max(MAX_BID_MILESTONES, 'Split the bid into at most 4 milestones'),
  })
  .superRefine((bid, context) => {
    if (!bid.split) return;
    if (bid.milestones.length === 0) {
      context.addIssue({ code: 'custom', path: ['milestones'], message: 'Add at least one milestone' });
      return;
    }
    const sum = bid.milestones.reduce((total, row) => total + Math.round(row.amount * 100), 0);
    if (sum !== Math.round(bid.bid_amount * 100)) {
      context.addIssue({
        code: 'custom',
        path: ['milestones'],
        message: `The milestones must add up to the bid (${withCents.format(bid.bid_amount)})`,
      });
    }
  })
  .transform(({ split, milestones, ...bid }) => ({ ...bid, milestones: split ? milestones : null }));

export type SubmitBidFormValues = z.input<typeof submitBidInputSchema>;
export type SubmitBidInput = z.output<typeof submitBidInputSchema>;

/** The running total of the typed milestones, in dollars (rows whose amount is not one yet count as 0). */
export function milestonesTotal(rows: readonly { amount: string }[]): number {
  return rows.reduce((total, row) => total + (isAmount(row.amount.trim()) ? centsOf(row.amount.trim()) : 0), 0) / 100;
}

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
