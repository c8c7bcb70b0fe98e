import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { nudgeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const QUOTE_INVALID_MESSAGE = 'Please enter a valid quote amount';

/** SPEC §5 quote: a number greater than zero (cents allowed, as the database stores), message optional. */
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

type Response =
  | { nudgeId: string; status: 'accepted'; quoteAmount: number; quoteMessage: string | null }
  | { nudgeId: string; status: 'declined' };

/** The designer answers a pending nudge once; the row filter makes a second answer change nothing. */
export async function respondToNudge(response: Response): Promise<void> {
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

export function useRespondToNudge(designerId: string, options: { onAccepted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToNudge,
    onSuccess: async (_data, response) => {
      if (response.status === 'accepted') {
        toast.success('Nudge accepted! Client will be notified with your quote.');
        options.onAccepted?.();
      } else {
        toast.success('Nudge declined');
      }
      await queryClient.invalidateQueries({ queryKey: nudgeKeys.inbox(designerId) });
    },
    onError: async (_error, response) => {
      toast.error(response.status === 'accepted' ? 'Failed to accept nudge' : 'Failed to decline nudge');
      await queryClient.invalidateQueries({ queryKey: nudgeKeys.inbox(designerId) });
    },
  });
}
