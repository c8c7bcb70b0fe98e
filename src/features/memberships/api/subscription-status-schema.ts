import { z } from 'zod';

/**
 * The `check-subscription` answer (docs/payments.md, "Contract for the app (memberships)"): the membership of the
 * plan that matches the caller's role.
 */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  plan: z.enum(['client', 'designer']).nullable(),
  product_id: z.string().nullable(),
  price_id: z.string().nullable().optional(),
  subscription_end: z.string().nullable(),
  status: z.string().nullable().optional(),
  cancel_at_period_end: z.boolean().optional(),
  provider: z.string().nullable().optional(),
});

export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
