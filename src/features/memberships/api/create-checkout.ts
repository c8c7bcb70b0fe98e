import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths, safeRedirectPath } from '@/config/paths';
import { FunctionError, invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import type { Plan } from '@/features/memberships/utils/plans';
import { storePaymentReturnPath } from '@/features/memberships/utils/return-path';

export const checkoutAnswerSchema = z.object({ url: z.string().min(1), provider: z.string().optional() });

export type CreateCheckoutInput = {
  plan: Plan;
  /** Where the user was: they come back here after paying (stored as paymentReturnPath). */
  returnPath: string;
};

/**
 * Starts a membership purchase and opens the payment page in this tab (Stripe Checkout or
 * the app's sandbox page). Success and cancel URLs are this app's own pages on the current origin: paying leads to
 * the payment-success page (which then returns to `returnPath`), cancelling straight back to `returnPath`.
 */
export async function createCheckout({ plan, returnPath }: CreateCheckoutInput): Promise<string> {
  storePaymentReturnPath(returnPath);
  const origin = window.location.origin;
  const data = await invokeFunction<unknown>('create-checkout', {
    plan,
    successUrl: `${origin}${paths.paymentSuccess.getHref()}`,
    cancelUrl: `${origin}${safeRedirectPath(returnPath) ?? paths.pricing.getHref()}`,
  });
  const parsed = checkoutAnswerSchema.safeParse(data);
  if (!parsed.success) throw new CheckoutUrlError();
  return parsed.data.url;
}

/** The function answered, but without a page to open ('Failed to open payment page'). */
export class CheckoutUrlError extends Error {
  constructor() {
    super('Failed to open payment page');
    this.name = 'CheckoutUrlError';
  }
}

/** The messages for a failed checkout start (docs/product.md, Messages the user sees). */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof CheckoutUrlError) return 'Failed to open payment page';
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('Must be logged in')) return 'Please log in to continue';
  return 'Failed to submit. Please try again.';
}

/**
 * The function's own reason for a refusal the user can act on (wrong plan for the account type, already a member,
 * too many checkouts started this hour).
 */
export function checkoutRefusalReason(error: unknown): string | undefined {
  const code = error instanceof FunctionError ? error.code : null;
  return code === 'plan_role_mismatch' || code === 'already_subscribed' || code === 'rate_limited'
    ? (error as FunctionError).message
    : undefined;
}

export function useCreateCheckout({ onSuccess, onError }: MutationCallbacks<string, CreateCheckoutInput> = {}) {
  return useMutation({ mutationFn: createCheckout, onSuccess, onError });
}
