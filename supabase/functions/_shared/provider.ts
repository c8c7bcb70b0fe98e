import type { Plan } from './plans.ts';
import type { Caller } from './supabase.ts';
import type { SubscriptionRow } from './subscription-state.ts';

export interface CheckoutInput {
  caller: Caller;
  plan: Plan;
  priceId: string;
  successUrl: URL;
  cancelUrl: URL;
}

export interface PortalInput {
  caller: Caller;
  returnUrl: URL;
}

/**
 * One payment provider behind the same function contracts: Stripe when keys are configured, the sandbox
 * otherwise. Both end up writing public.subscriptions, which is what everything else reads.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** The URL of the payment page to open. */
  createCheckout(input: CheckoutInput): Promise<string>;
  /** The URL of the subscription management page to open. */
  createPortal(input: PortalInput): Promise<string>;
  /** The caller's rows, brought up to date first where the provider may know more than the table. */
  refresh(caller: Caller, rows: SubscriptionRow[]): Promise<SubscriptionRow[]>;
}
