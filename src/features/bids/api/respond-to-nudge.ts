import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { nudgeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const QUOTE_INVALID_MESSAGE = 'Please enter a valid quote amount';

/** A quote: a number greater than zero (cents allowed, as the database stores), message optional. */
export const acceptNudgeInputSchema = z.object({
  quoteAmount: z
    .string()
    .trim()
    .min(1, QUOTE_INVALID_MESSAGE)
    .transform((value) => Number(value))
    .refine((value) => Number.isFinite(value) && value > 0 && value < 10_000_000_000, QUOTE_INVALID_MESSAGE)
    .refine((value) => Math.round(value * 100) === value * 100, QUOTE_INVALID_MESSAGE),
  quoteMessage: z
    .string()
    .trim()
    .max(1000, 'Message must be at most 1000 characters')
    .transform((value) => (value === '' ? null : value)),
});
export type AcceptNudgeInput = z.input<typeof acceptNudgeInputSchema>;

export type NudgeResponse =
  | { nudgeId: string; status: 'accepted'; quoteAmount: number; quoteMessage: string | null }
  | { nudgeId: string; status: 'declined' };

/** The designer answers a pending nudge once; the row filter makes a second answer change nothing. */
export async function respondToNudge(response: NudgeResponse): Promise<void> {
  const changes =
    response.status === 'accepted'
      ? { status: 'accepted' as const, quote_amount: response.quoteAmount, quote_message: response.quoteMessage }
      : { status: 'declined' as const };
  const { data, error } = await supabase
    .from('designer_nudges')
    .update(changes)
    .eq('id', response.nudgeId)
    .eq('status', 'pending')
    .select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('This nudge was already answered');
}

export function useRespondToNudge(designerId: string, callbacks: MutationCallbacks<void, NudgeResponse> = {}) {
  return useRefreshingMutation({
    mutationFn: respondToNudge,
    refreshes: () => [nudgeKeys.inbox(designerId)],
    refreshOnError: true,
    callbacks,
  });
}
