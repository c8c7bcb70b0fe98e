import Stripe from 'npm:stripe@23.1.0';
import type { BillingStore } from './billing-store.ts';
import type { StripeSettings } from './config.ts';
import { HttpError } from './http.ts';
import { PLAN_FOR_ROLE, type Plan } from './plans.ts';
import type {
  CheckoutPayment,
  CheckoutInput,
  MarketProvider,
  MilestoneCheckoutInput,
  MilestoneCheckoutPayment,
  MilestoneMoneyMove,
  MilestoneProvider,
  OrderCheckout,
  OrderCheckoutInput,
  OrderMoneyMove,
  PaymentProvider,
  PortalInput,
  SellerAccountState,
} from './provider.ts';
import {
  createDashboardLink,
  createExpressAccount,
  createOnboardingLink,
  createOrderCheckoutSession,
  createOrderRefund,
  createOrderTransfer,
  paidCheckoutPayment,
  refundDoubleOrderPayment,
  refundMismatchedPayment,
  retrieveAccountState,
} from './stripe-market.ts';
import {
  createMilestoneCheckoutSession,
  createMilestoneRefund,
  createMilestoneTransfer,
  paidMilestoneCheckoutPayment,
  refundMismatchedMilestonePayment,
} from './stripe-milestones.ts';
import type { Caller } from './supabase.ts';
import { reconcilePlan, writeFromStripe, type SubscriptionRow } from './subscription-state.ts';
import { idOf } from './ids.ts';

export { Stripe };

/**
 * The Stripe SDK with the fetch client (Deno). `apiBase` (STRIPE_API_BASE) points it at a local fake Stripe
 * in tests through the SDK's own host/port/protocol settings; unset, it talks to api.stripe.com.
 */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

/** Stripe refused or could not be reached: the caller sees a 502, the log keeps Stripe's words. */
export function providerFailure(err: unknown): never {
  if (err instanceof HttpError) throw err;
  if (err instanceof Stripe.errors.StripeError) {
    console.error(`stripe: ${err.type} ${err.code ?? ''} ${err.message}`);
    throw new HttpError(502, 'The payment provider could not handle the request. Please try again.', 'provider_error');
  }
  throw err;
}

/**
 * The user's Stripe customer: the stored one, else a new one. The idempotency key makes two concurrent first
 * checkouts of one user share a customer; after that the stored id is used and Stripe is not asked again.
 */
export async function ensureStripeCustomer(
  stripe: Stripe,
  storedId: string | null,
  caller: Pick<Caller, 'id' | 'email'>,
): Promise<{ id: string; created: boolean }> {
  if (storedId) return { id: storedId, created: false };
  const customer = await stripe.customers.create(
    { ...(caller.email ? { email: caller.email } : {}), metadata: { user_id: caller.id } },
    { idempotencyKey: `customer-create-${caller.id}` },
  );
  return { id: customer.id, created: true };
}

export async function createStripeCheckoutSession(
  stripe: Stripe,
  customerId: string,
  input: Pick<CheckoutInput, 'plan' | 'priceId' | 'successUrl' | 'cancelUrl'> & { caller: Pick<Caller, 'id'> },
): Promise<string> {
  const metadata = { user_id: input.caller.id, plan: input.plan };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    line_items: [{ price: input.priceId, quantity: 1 }],
    success_url: input.successUrl.href,
    cancel_url: input.cancelUrl.href,
    client_reference_id: input.caller.id,
    metadata,
    // On the subscription too, so every later subscription event names the user and plan.
    subscription_data: { metadata },
  });
  if (!session.url) throw new HttpError(502, 'The payment provider returned no checkout page', 'provider_error');
  return session.url;
}

export async function createStripePortalSession(stripe: Stripe, customerId: string, returnUrl: URL): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl.href });
  return session.url;
}

/**
 * The verified event, or a 400: a request without a valid signature never reaches the table. Several secrets
 * when the platform's endpoint and the Connect endpoint (each with its own secret) both post here.
 */
export async function verifyStripeEvent(
  stripe: Stripe,
  payload: string,
  signature: string | null,
  secret: string | readonly string[],
): Promise<Stripe.Event> {
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header', 'invalid_signature');
  for (const s of typeof secret === 'string' ? [secret] : secret) {
    try {
      // Deno has no Node crypto for the sync variant: the async one with Web Crypto.
      return await stripe.webhooks.constructEventAsync(
        payload,
        signature,
        s,
        undefined,
        Stripe.createSubtleCryptoProvider(),
      );
    } catch {
      // Not this endpoint's secret (or not signed at all): try the next.
    }
  }
  throw new HttpError(400, 'Invalid Stripe signature', 'invalid_signature');
}

/** The subscription an event concerns, and the user it names (checkout), if any. */
export function subscriptionOfEvent(event: Stripe.Event): { subscriptionId: string; userHint: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
      if (!subscriptionId) return null;
      return { subscriptionId, userHint: session.client_reference_id ?? session.metadata?.user_id ?? null };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { subscriptionId: event.data.object.id, userHint: event.data.object.metadata?.user_id ?? null };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { subscriptionId, userHint: null } : null;
    }
    default:
      return null;
  }
}

export type SyncOutcome = 'applied' | 'kept' | 'unknown-user' | 'not-our-plan';

/**
 * Re-fetches a subscription and writes its current state (events arrive unordered, so their payloads are not
 * trusted for state). Shared by the webhook and check-subscription's reconciliation. The user is the owner
 * of the stored customer, else the one named by our checkout (then the customer is stored for them).
 */
export async function syncStripeSubscription(
  stripe: Stripe,
  store: BillingStore,
  prices: Partial<Record<Plan, string>>,
  subscriptionId: string,
  userHint: string | null,
): Promise<SyncOutcome> {
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  const mapped = writeFromStripe(sub, prices);
  if (!mapped) {
    console.warn(`stripe: subscription ${sub.id} is not a Good Space plan; ignored`);
    return 'not-our-plan';
  }
  const customerId = mapped.write.stripe_customer_id;
  let userId = await store.ownerOfCustomer(customerId);
  if (!userId) {
    userId = userHint ?? sub.metadata?.user_id ?? null;
    if (!userId) {
      console.warn(`stripe: subscription ${sub.id} of unknown customer ${customerId}; ignored`);
      return 'unknown-user';
    }
    await store.saveCustomer(userId, customerId);
  }
  return (await store.applyStripeSubscription(userId, mapped.plan, mapped.write)) ? 'applied' : 'kept';
}

export class StripeProvider implements PaymentProvider, MarketProvider, MilestoneProvider {
  readonly kind = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly store: BillingStore,
    private readonly prices: Partial<Record<Plan, string>>,
  ) {}

  async createCheckout(input: CheckoutInput): Promise<string> {
    const stored = await this.store.customerFor(input.caller.id);
    try {
      const { id } = await ensureStripeCustomer(this.stripe, stored?.stripeCustomerId ?? null, input.caller);
      const customerId = await this.store.saveCustomer(input.caller.id, id);
      return await createStripeCheckoutSession(this.stripe, customerId, input);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async createPortal(input: PortalInput): Promise<string> {
    const stored = await this.store.customerFor(input.caller.id);
    if (!stored) throw new HttpError(409, 'There is no subscription to manage yet', 'no_billing_account');
    try {
      return await createStripePortalSession(this.stripe, stored.stripeCustomerId, input.returnUrl);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refresh(caller: Caller, rows: SubscriptionRow[]): Promise<SubscriptionRow[]> {
    const customer = await this.store.customerFor(caller.id);
    const plan = reconcilePlan(rows, PLAN_FOR_ROLE[caller.role], customer, new Date());
    if (plan.refresh.length === 0 && !plan.listCustomer) return rows;
    try {
      const ids = new Set(plan.refresh);
      if (plan.listCustomer && customer) {
        const list = await this.stripe.subscriptions.list({
          customer: customer.stripeCustomerId,
          status: 'all',
          limit: 10,
        });
        for (const s of list.data) ids.add(s.id);
      }
      for (const id of ids) await syncStripeSubscription(this.stripe, this.store, this.prices, id, caller.id);
    } catch (err) {
      // The table still answers; a Stripe hiccup must not make a paying user look unsubscribed.
      console.error('stripe: reconciliation failed:', err);
      return rows;
    }
    return await this.store.subscriptionsOf(caller.id);
  }

  // The market (Stripe Connect): each call is one Stripe request; a refusal or an outage is a 502.

  async createSellerAccount(seller: Pick<Caller, 'id' | 'email'>): Promise<string> {
    try {
      return await createExpressAccount(this.stripe, seller);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async onboardingLink(accountId: string, urls: { returnUrl: URL; refreshUrl: URL }): Promise<string> {
    try {
      return await createOnboardingLink(this.stripe, accountId, urls);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refreshSellerAccount(accountId: string): Promise<SellerAccountState | null> {
    try {
      return await retrieveAccountState(this.stripe, accountId);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async dashboardLink(accountId: string): Promise<string> {
    try {
      return await createDashboardLink(this.stripe, accountId);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async createOrderCheckout(input: OrderCheckoutInput): Promise<OrderCheckout> {
    try {
      return await createOrderCheckoutSession(this.stripe, input);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async paidCheckout(sessionId: string): Promise<CheckoutPayment | null> {
    try {
      return await paidCheckoutPayment(this.stripe, sessionId);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refundMismatch(paymentIntentId: string, orderId: string | null, reverseTransfer: boolean): Promise<string> {
    try {
      return await refundMismatchedPayment(this.stripe, paymentIntentId, orderId, reverseTransfer);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refundDoublePayment(order: { id: string; paymentIntentId: string; reverseTransfer: boolean }): Promise<string> {
    try {
      return await refundDoubleOrderPayment(this.stripe, order);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async transferOrder(
    move: OrderMoneyMove & { destination: string; sourceTransaction: string | null },
  ): Promise<string> {
    try {
      return await createOrderTransfer(this.stripe, move);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refundOrder(move: OrderMoneyMove & { paymentIntentId: string; reverseTransfer: boolean }): Promise<string> {
    try {
      return await createOrderRefund(this.stripe, move);
    } catch (err) {
      return providerFailure(err);
    }
  }

  // The design fee (separate charges and transfers): each call is one Stripe request; a refusal or an outage is a 502.

  async createMilestoneCheckout(input: MilestoneCheckoutInput): Promise<OrderCheckout> {
    try {
      return await createMilestoneCheckoutSession(this.stripe, input);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async paidMilestoneCheckout(sessionId: string): Promise<MilestoneCheckoutPayment | null> {
    try {
      return await paidMilestoneCheckoutPayment(this.stripe, sessionId);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async transferMilestone(
    move: MilestoneMoneyMove & { destination: string; sourceTransaction: string | null },
  ): Promise<string> {
    try {
      return await createMilestoneTransfer(this.stripe, move);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refundMilestone(move: MilestoneMoneyMove & { paymentIntentId: string }): Promise<string> {
    try {
      return await createMilestoneRefund(this.stripe, move);
    } catch (err) {
      return providerFailure(err);
    }
  }

  async refundMismatchedMilestone(paymentIntentId: string, paymentId: string | null): Promise<string> {
    try {
      return await refundMismatchedMilestonePayment(this.stripe, paymentIntentId, paymentId);
    } catch (err) {
      return providerFailure(err);
    }
  }
}
