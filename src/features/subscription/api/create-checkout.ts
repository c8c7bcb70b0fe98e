import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { paths, safeRedirectPath } from '@/config/paths';
import { FunctionError, invokeFunction } from '@/lib/function-error';
import type { Plan } from '@/features/subscription/utils/plans';
import { storePaymentReturnPath } from '@/features/subscription/utils/return-path';

export const checkoutAnswerSchema = z.object({ url: z.string().min(1), provider: z.string().optional() });

export type CreateCheckoutInput = {
  plan: Plan;
  /** Where the user was: they come back here after paying (stored as paymentReturnPath). */
  returnPath: string;
};

/** What happens after a checkout URL is obtained; replaced in tests (jsdom cannot navigate). */
export const checkoutNavigation = {
  open(url: string) {
    window.location.assign(url);
  },
};

/**
 * SPEC §4/§7: starts a membership purchase and opens the payment page in this tab (Stripe Checkout or
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

/** The function answered, but without a page to open (SPEC §8 'Failed to open payment page'). */
export class CheckoutUrlError extends Error {
  constructor() {
    super('Failed to open payment page');
    this.name = 'CheckoutUrlError';
  }
}

/** SPEC §8 messages for a failed checkout start. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof CheckoutUrlError) return 'Failed to open payment page';
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('Must be logged in')) return 'Please log in to continue';
  return 'Failed to start checkout. Please try again.';
}

type UseCreateCheckoutOptions = {
  /** Called when the user must sign in first ('Please log in to continue'). */
  onLoginRequired?: () => void;
};

export function useCreateCheckout({ onLoginRequired }: UseCreateCheckoutOptions = {}) {
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (url) => {
      try {
        checkoutNavigation.open(url);
      } catch (error) {
        console.error('Error creating checkout', error);
        toast.error('Failed to open payment page');
      }
    },
    onError: (error) => {
      console.error('Error creating checkout', error);
      const message = checkoutErrorMessage(error);
      // A refusal the user can act on (wrong plan for the account type, already a member) keeps its reason.
      const code = error instanceof FunctionError ? error.code : null;
      const description =
        code === 'plan_role_mismatch' || code === 'already_subscribed' ? (error as FunctionError).message : undefined;
      toast.error(message, { description });
      if (message === 'Please log in to continue') onLoginRequired?.();
    },
  });
}
