import { z } from 'zod';

/** A seller's payment account as the app shows it (public.seller_accounts, ADR 0029; no ids, no money). */
export const sellerAccountSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  // A generated column: typed nullable, never null (both of its inputs are not null).
  can_be_paid: z
    .boolean()
    .nullable()
    .transform((value) => value === true),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  requirements_due: z
    .array(z.string())
    .nullable()
    .transform((value) => value ?? []),
  disabled_reason: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});

export type SellerAccount = z.infer<typeof sellerAccountSchema>;

export const SELLER_ACCOUNT_COLUMNS =
  'provider, can_be_paid, charges_enabled, payouts_enabled, details_submitted, requirements_due, disabled_reason';
