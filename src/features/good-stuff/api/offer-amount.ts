import { z } from 'zod';

/**
 * An amount in dollars as typed: above zero, at most the list price, cents at most (the database checks the same:
 * offers.amount numeric(12,2) > 0 and ≤ the piece's price).
 */
export function offerAmountSchema(price: number, { above }: { above?: number } = {}) {
  return z
    .string()
    .trim()
    .min(1, 'Enter an amount')
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Enter an amount above $0, in dollars and cents')
    .refine((v) => Number(v) <= price, `Offers can be at most the list price`)
    .refine((v) => above === undefined || Number(v) > above, 'A counter must be above the offer')
    .transform(Number);
}

/** Make Offer's and Counter's form: the amount and a note of up to 500 characters (empty: none). */
export function offerFormSchema(price: number, options: { above?: number } = {}) {
  return z.object({
    amount: offerAmountSchema(price, options),
    note: z
      .string()
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .transform((v) => (v === '' ? null : v)),
  });
}

export type OfferFormValues = z.input<ReturnType<typeof offerFormSchema>>;
export type OfferFormInput = z.output<ReturnType<typeof offerFormSchema>>;
