import type { BillingStore } from './billing-store.ts';
import type { CheckoutInput, PaymentProvider, PortalInput } from './provider.ts';
import type { Caller } from './supabase.ts';
import type { SubscriptionRow } from './subscription-state.ts';

/** The app's routes that render the sandbox pages (docs/decisions/0010-payments-sandbox.md). */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
export const SANDBOX_PORTAL_PATH = '/sandbox/portal';

/**
 * Payments without Stripe keys (local, demo, tests): a session row and a page of the app that says it is a
 * sandbox; confirming there (sandbox-checkout) writes public.subscriptions. No money is involved anywhere.
 * The page lives in the app, on the return URL's origin, because hosted functions cannot serve HTML.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;

  constructor(private readonly store: BillingStore) {}

  async createCheckout(input: CheckoutInput): Promise<string> {
    const id = await this.store.openSandboxSession({
      kind: 'checkout',
      userId: input.caller.id,
      plan: input.plan,
      priceId: input.priceId,
      returnUrl: input.successUrl.href,
      cancelUrl: input.cancelUrl.href,
    });
    return sandboxPageUrl(input.successUrl.origin, SANDBOX_CHECKOUT_PATH, id);
  }

  async createPortal(input: PortalInput): Promise<string> {
    const id = await this.store.openSandboxSession({
      kind: 'portal',
      userId: input.caller.id,
      plan: null,
      priceId: null,
      returnUrl: input.returnUrl.href,
      cancelUrl: null,
    });
    return sandboxPageUrl(input.returnUrl.origin, SANDBOX_PORTAL_PATH, id);
  }

  refresh(_caller: Caller, rows: SubscriptionRow[]): Promise<SubscriptionRow[]> {
    // The table is the sandbox's only state: nothing to reconcile with.
    return Promise.resolve(rows);
  }
}

export function sandboxPageUrl(origin: string, path: string, sessionId: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('session', sessionId);
  return url.href;
}
