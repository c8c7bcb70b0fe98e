import type Stripe from 'npm:stripe@23.1.0';
import { HttpError } from './http.ts';
import type {
  CheckoutPayment,
  OrderCheckout,
  OrderCheckoutInput,
  OrderMoneyMove,
  SellerAccountState,
} from './provider.ts';
import { createHeldRefund, createHeldTransfer } from './stripe-held.ts';
import type { Caller } from './supabase.ts';
import { idOf } from './ids.ts';

// Stripe Connect for the market (docs/decisions/0029-paying-sellers.md, changed by buyer protection: see
// docs/payments.md, "Good Stuff orders and seller payouts"): Express accounts, account links, Checkout as the
// platform's own charge in the order's transfer group (held until the handover), then a transfer out of that charge
// to the seller and refunds of parts of it, each once per ledger row. Legacy orders were destination charges: their
// refunds take the transfer back.

/**
 * Dollars as stored (numeric(12,2), a JSON number or string) to Stripe's integer cents, without floating-point
 * rounding (0.29 * 100 is 28.999…). Anything that is not a positive amount with at most two decimals is a bug.
 */
export function toCents(amount: number | string): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not an amount: ${String(amount)}`);
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`not a payable amount: ${String(amount)}`);
  return cents;
}

/**
 * The seller's Express account. The idempotency key makes two concurrent first onboardings share one account;
 * after that the stored id is used and Stripe is not asked again. Only the transfers capability: destination
 * charges are made on the platform, so the seller needs to receive transfers, not take cards themselves.
 */
export async function createExpressAccount(stripe: Stripe, seller: Pick<Caller, 'id' | 'email'>): Promise<string> {
  const account = await stripe.accounts.create(
    {
      type: 'express',
      country: 'US',
      ...(seller.email ? { email: seller.email } : {}),
      capabilities: { transfers: { requested: true } },
      metadata: { user_id: seller.id },
    },
    { idempotencyKey: `connect-account-${seller.id}` },
  );
  return account.id;
}

/** A one-time onboarding link (it expires within minutes: the app asks for a new one each time). */
export async function createOnboardingLink(
  stripe: Stripe,
  accountId: string,
  urls: { returnUrl: URL; refreshUrl: URL },
): Promise<string> {
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    return_url: urls.returnUrl.href,
    refresh_url: urls.refreshUrl.href,
  });
  return link.url;
}

export async function createDashboardLink(stripe: Stripe, accountId: string): Promise<string> {
  const link = await stripe.accounts.createLoginLink(accountId);
  return link.url;
}

/** Our columns from Stripe's Account object. */
export function accountState(account: Stripe.Account): SellerAccountState {
  return {
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    transfersActive: account.capabilities?.transfers === 'active',
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

export async function retrieveAccountState(stripe: Stripe, accountId: string): Promise<SellerAccountState> {
  return accountState(await stripe.accounts.retrieve(accountId));
}

/**
 * Stripe takes expires_at from 30 minutes to 24 hours after it creates the session. The order's expiry
 * (30 minutes from when the database opened it) is already a little less by the time Stripe sees it: a minute of
 * slack keeps the request valid, and the order stores the expiry Stripe answers.
 */
export function checkoutExpiry(orderExpiry: Date, now = new Date()): number {
  const earliest = Math.ceil(now.getTime() / 1000) + 31 * 60;
  return Math.max(Math.floor(orderExpiry.getTime() / 1000), earliest);
}

/** The transfer group of an order's charge, payout and refunds (Stripe's dashboard shows them together). */
export function orderTransferGroup(orderId: string): string {
  return `order_${orderId}`;
}

/**
 * Checkout for one piece, as the platform's own charge (no transfer_data: Good Space holds the payment until the
 * handover, then transfers it to the seller out of this charge; no application fee: the designer keeps 100%). The
 * amount is the order's, which the database set. The order id rides on the session and on the payment intent,
 * so the webhook and a refund from the dashboard both find the order; the transfer group ties the charge to the
 * order's payout.
 */
export async function createOrderCheckoutSession(stripe: Stripe, input: OrderCheckoutInput): Promise<OrderCheckout> {
  const metadata = { order_id: input.orderId };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: toCents(input.amount),
            product_data: { name: input.title, ...(input.photoUrl ? { images: [input.photoUrl] } : {}) },
          },
        },
      ],
      payment_intent_data: { transfer_group: orderTransferGroup(input.orderId), metadata },
      metadata,
      client_reference_id: input.buyerId,
      success_url: input.successUrl.href,
      cancel_url: input.cancelUrl.href,
      expires_at: checkoutExpiry(input.expiresAt),
    },
    { idempotencyKey: `order-checkout-${input.orderId}` },
  );
  if (!session.url) throw new HttpError(502, 'The payment provider returned no checkout page', 'provider_error');
  return {
    url: session.url,
    sessionId: session.id,
    expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : input.expiresAt,
  };
}

/**
 * What Stripe says was paid through one Checkout Session, read from Stripe (the signed event's session, or the
 * session retrieved by id) and its payment intent, never from our own records: settling compares it with the
 * order (checkPayment in market-orders.ts). Null while the session is not paid.
 */
export async function checkoutPaymentOf(
  stripe: Stripe,
  session: Pick<Stripe.Checkout.Session, 'id' | 'mode' | 'payment_status' | 'payment_intent' | 'metadata'>,
  account: string | null,
): Promise<CheckoutPayment | null> {
  const paymentIntentId = idOf(session.payment_intent);
  if (session.mode !== 'payment' || session.payment_status !== 'paid' || !paymentIntentId) return null;
  // The amount, currency, charge and any destination of the money actually taken are the payment intent's; a
  // connected account's own payment is read on that account.
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, account ? { stripeAccount: account } : {});
  return {
    sessionId: session.id,
    orderId: session.metadata?.order_id ?? null,
    paymentIntentId,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
    chargeId: idOf(intent.latest_charge) ?? null,
    destination: idOf(intent.transfer_data?.destination) ?? null,
    account,
  };
}

/** The paid payment of a Checkout Session retrieved by id (confirm-order), else null. */
export async function paidCheckoutPayment(stripe: Stripe, sessionId: string): Promise<CheckoutPayment | null> {
  return await checkoutPaymentOf(stripe, await stripe.checkout.sessions.retrieve(sessionId), null);
}

/**
 * Gives back a payment that did not match its order (docs/decisions/0030-safe-by-default.md): all of it, and when
 * it went on to a connected account (a destination charge) the transfer back from whoever received it. One refund
 * per payment intent; never a connected account's own charge.
 */
export async function refundMismatchedPayment(
  stripe: Stripe,
  paymentIntentId: string,
  orderId: string | null,
  reverseTransfer: boolean,
): Promise<string> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntentId,
      ...(reverseTransfer ? { reverse_transfer: true } : {}),
      metadata: { ...(orderId ? { order_id: orderId } : {}), order_reason: 'mismatch' },
    },
    { idempotencyKey: `mismatch-refund-${paymentIntentId}` },
  );
  return refund.id;
}

/**
 * A second buyer's payment back in full: the piece was sold to someone else first. One refund per order
 * (idempotency key); the reason rides on the refund so the charge.refunded event that follows names it too. A
 * legacy destination charge takes the transfer back from the seller (reverse_transfer); a held one has none.
 */
export async function refundDoubleOrderPayment(
  stripe: Stripe,
  order: { id: string; paymentIntentId: string; reverseTransfer: boolean },
): Promise<string> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: order.paymentIntentId,
      ...(order.reverseTransfer ? { reverse_transfer: true } : {}),
      metadata: { order_id: order.id, order_reason: 'already_sold' },
    },
    { idempotencyKey: `order-refund-${order.id}` },
  );
  return refund.id;
}

/** What every ledger request of an order carries, so Stripe's objects and events name the order and the row. */
function orderMoneyMetadata(move: Pick<OrderMoneyMove, 'orderId' | 'paymentId'>) {
  return { order_id: move.orderId, order_payment_id: move.paymentId };
}

/** The seller's payout of a held order: a transfer out of the order's own charge (source_transaction). */
export function createOrderTransfer(
  stripe: Stripe,
  move: OrderMoneyMove & { destination: string; sourceTransaction: string | null },
): Promise<string> {
  return createHeldTransfer(stripe, {
    amount: move.amount,
    destination: move.destination,
    transferGroup: orderTransferGroup(move.orderId),
    sourceTransaction: move.sourceTransaction,
    metadata: orderMoneyMetadata(move),
    idempotencyKey: `order-transfer-${move.paymentId}`,
  });
}

/**
 * Part or all of an order's payment back to the buyer, as its ledger row says. reverse_transfer only for a legacy
 * destination charge, whose money is the seller's already; a held payment's refund is the platform's own money.
 */
export function createOrderRefund(
  stripe: Stripe,
  move: OrderMoneyMove & { paymentIntentId: string; reverseTransfer: boolean },
): Promise<string> {
  return createHeldRefund(stripe, {
    paymentIntentId: move.paymentIntentId,
    amount: move.amount,
    reverseTransfer: move.reverseTransfer,
    metadata: { ...orderMoneyMetadata(move), order_reason: move.reason },
    idempotencyKey: `order-refund-${move.paymentId}`,
  });
}

/**
 * The latest refund of a payment intent that is not failed, and whose it is: a double payment's (order_reason
 * already_sold), one of an order's ledger rows (order_payment_id: refuse, cancel, a decision), or neither (made in
 * Stripe's dashboard). Null when there is none.
 */
export async function latestRefund(
  stripe: Stripe,
  paymentIntentId: string,
): Promise<{ id: string; origin: 'already_sold' | 'ledger' | 'provider' } | null> {
  const list = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 10 });
  const live = list.data.filter((r) => r.status !== 'failed' && r.status !== 'canceled');
  const doubled = live.find((r) => r.metadata?.order_reason === 'already_sold');
  if (doubled) return { id: doubled.id, origin: 'already_sold' };
  const latest = live[0];
  if (!latest) return null;
  return { id: latest.id, origin: latest.metadata?.order_payment_id ? 'ledger' : 'provider' };
}

/** What a webhook event asks of the market, if anything. */
export type MarketEvent =
  | { kind: 'order-paid'; session: Stripe.Checkout.Session; account: string | null }
  | { kind: 'order-expired'; orderId: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'charge-refunded'; paymentIntentId: string };

/**
 * The market's events: our payment-mode Checkout Sessions (metadata.order_id) when paid, expired or failed;
 * a connected account that changed; a charge refunded in full (from Stripe's dashboard too). Everything else
 * (memberships, partial refunds, other platforms' sessions) is not the market's.
 */
export function marketEventOf(event: Stripe.Event): MarketEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // 'unpaid' is a delayed payment method still on its way: its async_payment_succeeded event follows. What was
      // paid, to whom and for which order is checked against the order before it is settled (market-orders.ts).
      if (session.mode !== 'payment' || !session.metadata?.order_id || session.payment_status !== 'paid') return null;
      if (!idOf(session.payment_intent)) return null;
      return { kind: 'order-paid', session, account: event.account ?? null };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const orderId = session.metadata?.order_id;
      // Our sessions are the platform's: a connected account's own session (a Connect endpoint's event) is not.
      return session.mode === 'payment' && orderId && !event.account ? { kind: 'order-expired', orderId } : null;
    }
    case 'account.updated':
      return { kind: 'account', accountId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // `refunded` is true only once the whole amount is back: a partial refund does not undo a sale.
      return charge.refunded && paymentIntentId ? { kind: 'charge-refunded', paymentIntentId } : null;
    }
    default:
      return null;
  }
}
