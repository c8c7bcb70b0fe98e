import { z } from 'zod';
import { formatMoney } from '@/lib/format';

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

/** What each decision's form says when an amount is missing or the two do not add up. */
export type SplitMessages = {
  /** "Enter the refund to the customer ($0 for none)" */
  refundMissing: string;
  /** "Enter the release to the designer ($0 for none)" */
  releaseMissing: string;
  /** "The refund and the release must add up to" (the total follows). */
  mustAddUp: string;
};

const amountField = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((v) => typedCents(v) !== null, 'Enter amounts in dollars and cents, $0 or more');

/**
 * An operator's decision on money that waits with Good Space (a milestone's dispute, an order's problem:
 * docs/trust-and-safety.md, docs/orders.md): a refund and a release (payout), each $0 or more in cents, adding up to
 * exactly `total`; and a reason of 1 to 1000 characters, which both parties read. The database's decide functions
 * hold the same rules.
 */
export function splitDecisionSchema(total: number, messages: SplitMessages) {
  const totalCents = Math.round(total * 100);
  return z
    .object({
      refund: amountField(messages.refundMissing),
      release: amountField(messages.releaseMissing),
      reason: z.string().trim().min(1, 'Please give a reason').max(1000, 'The reason must be at most 1000 characters'),
    })
    .refine(
      (v) => {
        const refund = typedCents(v.refund);
        const release = typedCents(v.release);
        // An amount that is not one has its own message.
        return refund === null || release === null || refund + release === totalCents;
      },
      { path: ['refund'], message: `${messages.mustAddUp} ${formatMoney(total)}` },
    )
    .transform((v) => ({
      refundAmount: (typedCents(v.refund) ?? 0) / 100,
      releaseAmount: (typedCents(v.release) ?? 0) / 100,
      reason: v.reason,
    }));
}

export type SplitDecisionSchema = ReturnType<typeof splitDecisionSchema>;
export type SplitDecisionValues = z.input<SplitDecisionSchema>;
export type SplitDecision = z.output<SplitDecisionSchema>;
