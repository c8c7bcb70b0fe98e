import { z } from 'zod';
import { cents } from '@/features/milestones/utils/milestone-state';
import { formatMoney } from '@/lib/format';

/** A refund's amount: above $0, cents at most, and no more than what Good Space holds (the database checks too). */
export function refundAmountSchema(held: number) {
  return z
    .string()
    .trim()
    .min(1, 'Enter the amount to refund')
    .refine(
      (value) => /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0,
      'Enter an amount above $0 with at most 2 decimals',
    )
    .refine((value) => cents(Number(value)) <= cents(held), `You can refund at most ${formatMoney(held)}`)
    .transform(Number);
}
