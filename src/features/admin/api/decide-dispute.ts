import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import { invokeFunction } from '@/lib/function-error';
import { formatMoney } from '@/lib/format';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { adminKeys } from '@/lib/query-keys';

/** Dollars as typed ("40", "40.5", "40.50") to whole cents; null when it is not an amount of dollars and cents. */
export function typedCents(typed: string): number | null {
  const value = typed.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [dollars = '0', cents = ''] = value.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/** Whole cents as the form writes them back: "40.00". */
export function centsToText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const amountField = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((v) => typedCents(v) !== null, 'Enter amounts in dollars and cents, $0 or more');

/**
 * The decision's form (docs/trust-and-safety.md, Disputes): what is refunded to the customer and what is released
 * to the designer, each $0 or more in cents, adding up to exactly what remains of the milestone; and a reason of 1 to
 * 1000 characters, which both parties read. The database (decide_milestone_dispute) holds the same rules.
 */
export function decideDisputeSchema(remaining: number) {
  const remainingCents = Math.round(remaining * 100);
  return z
    .object({
      refund: amountField('Enter the refund to the customer ($0 for none)'),
      release: amountField('Enter the release to the designer ($0 for none)'),
      reason: z.string().trim().min(1, 'Please give a reason').max(1000, 'The reason must be at most 1000 characters'),
    })
    .refine(
      (v) => {
        const refund = typedCents(v.refund);
        const release = typedCents(v.release);
        // An amount that is not one has its own message.
        return refund === null || release === null || refund + release === remainingCents;
      },
      {
        path: ['refund'],
        message: `The refund and the release must add up to ${formatMoney(remaining)}`,
      },
    )
    .transform((v) => ({
      refundAmount: (typedCents(v.refund) ?? 0) / 100,
      releaseAmount: (typedCents(v.release) ?? 0) / 100,
      reason: v.reason,
    }));
}

export type DecideDisputeValues = z.input<ReturnType<typeof decideDisputeSchema>>;
export type DecideDisputeForm = z.output<ReturnType<typeof decideDisputeSchema>>;
export type DecideDisputeInput = DecideDisputeForm & { disputeId: string };

const answerSchema = z.object({ dispute: z.object({ id: z.string(), status: z.string() }) });

/**
 * Decides a dispute through the edge function decide-dispute, which runs decide_milestone_dispute as the operator
 * (the database checks the operator, the split and the state, moves the milestone, writes the audit log and tells
 * both parties) and then makes the refund and the transfer. Throws FunctionError with the function's sentence.
 */
export async function decideDispute({ disputeId, refundAmount, releaseAmount, reason }: DecideDisputeInput) {
  const answer = await invokeFunction<unknown>('decide-dispute', { disputeId, refundAmount, releaseAmount, reason });
  return answerSchema.parse(answer).dispute;
}

export function useDecideDispute(
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof decideDispute>>, DecideDisputeInput> = {},
) {
  return useRefreshingMutation({
    mutationFn: decideDispute,
    // The dispute, the queue and the audit log all change; a refusal may mean the dispute moved meanwhile.
    refreshes: () => [adminKeys.moderation()],
    refreshOnError: true,
    callbacks,
  });
}
