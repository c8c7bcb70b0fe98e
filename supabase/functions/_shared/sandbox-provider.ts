import type { BillingStore } from './billing-store.ts';
import { HttpError } from './http.ts';
import type {
  CheckoutPayment,
  CheckoutInput,
  MarketProvider,
  MilestoneCheckoutInput,
  MilestoneCheckoutPayment,
  MilestoneProvider,
  OrderCheckout,
  OrderCheckoutInput,
  PaymentProvider,
  PortalInput,
  SellerAccountState,
} from './provider.ts';
import type { Caller } from './supabase.ts';
import type { SubscriptionRow } from './subscription-state.ts';

/** The app's routes that render the sandbox pages (docs/decisions/0010-payments-sandbox.md). */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
export const SANDBOX_PORTAL_PATH = '/sandbox/portal';
export const SANDBOX_CONNECT_PATH = '/sandbox/connect';
export const SANDBOX_PAY_PATH = '/sandbox/pay';
export const SANDBOX_FUND_PATH = '/sandbox/fund';

/** 32 random hex digits: sandbox ids look like Stripe's (acct_…, cs_…, pi_…, ch_…, re_…, tr_…) and say they are the sandbox's. */
export function sandboxId(prefix: 'acct' | 'cs' | 'pi' | 'ch' | 're' | 'tr'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}_sandbox_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Payments without Stripe keys (local, demo, tests): a session row and a page of the app that says it is a
 * sandbox; confirming there (sandbox-checkout) writes public.subscriptions. No money is involved anywhere.
 * The page lives in the app, on the return URL's origin, because hosted functions cannot serve HTML.
 */
export class SandboxProvider implements PaymentProvider, MarketProvider, MilestoneProvider {
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

  // The market without money: accounts and payments are rows; the app's sandbox pages (sandbox-market) play the
  // seller's onboarding and the buyer's payment, through the same database functions the webhook uses.

  createSellerAccount(): Promise<string> {
    return Promise.resolve(sandboxId('acct'));
  }

  onboardingLink(_accountId: string, urls: { returnUrl: URL; refreshUrl: URL }): Promise<string> {
    return Promise.resolve(new URL(SANDBOX_CONNECT_PATH, urls.returnUrl.origin).href);
  }

  refreshSellerAccount(): Promise<SellerAccountState | null> {
    // The table is the sandbox account's only state.
    return Promise.resolve(null);
  }

  dashboardLink(): Promise<string> {
    return Promise.reject(new HttpError(409, 'Sandbox accounts have no payouts dashboard', 'sandbox_no_dashboard'));
  }

  createOrderCheckout(input: OrderCheckoutInput): Promise<OrderCheckout> {
    const url = new URL(SANDBOX_PAY_PATH, input.successUrl.origin);
    url.searchParams.set('order', input.orderId);
    return Promise.resolve({ url: url.href, sessionId: sandboxId('cs'), expiresAt: input.expiresAt });
  }

  paidCheckout(): Promise<CheckoutPayment | null> {
    // The sandbox's Pay settles the order on its page (sandbox-market), before the buyer is back.
    return Promise.resolve(null);
  }

  refundMismatch(): Promise<string> {
    return Promise.resolve(sandboxId('re'));
  }

  refundDoublePayment(): Promise<string> {
    return Promise.resolve(sandboxId('re'));
  }

  // Held orders without money: the payout and the refunds of the ledger (order_payments) get ids that say they are
  // the sandbox's, so the order page shows them as it shows Stripe's.

  transferOrder(): Promise<string> {
    return Promise.resolve(sandboxId('tr'));
  }

  refundOrder(): Promise<string> {
    return Promise.resolve(sandboxId('re'));
  }

  // The design fee without money: the app's /sandbox/fund page (sandbox-milestone) pays through the webhook's
  // path; transfers and refunds are ids that say they are the sandbox's.

  createMilestoneCheckout(input: MilestoneCheckoutInput): Promise<OrderCheckout> {
    const url = new URL(SANDBOX_FUND_PATH, input.successUrl.origin);
    url.searchParams.set('payment', input.paymentId);
    return Promise.resolve({ url: url.href, sessionId: sandboxId('cs'), expiresAt: input.expiresAt });
  }

  paidMilestoneCheckout(): Promise<MilestoneCheckoutPayment | null> {
    // The sandbox's Pay funds the milestone on its page, before the customer is back.
    return Promise.resolve(null);
  }

  transferMilestone(): Promise<string> {
    return Promise.resolve(sandboxId('tr'));
  }

  refundMilestone(): Promise<string> {
    return Promise.resolve(sandboxId('re'));
  }

  refundMismatchedMilestone(): Promise<string> {
    return Promise.resolve(sandboxId('re'));
  }
}

export function sandboxPageUrl(origin: string, path: string, sessionId: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('session', sessionId);
  return url.href;
}
