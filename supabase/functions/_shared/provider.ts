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

/** What the provider knows about a seller's connected account (Stripe's Account object, in our words). */
export interface SellerAccountState {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** The `transfers` capability is active: destination charges can send the money to this account. */
  transfersActive: boolean;
  /** Stripe's `requirements.currently_due` (field names such as `external_account`). */
  requirementsDue: string[];
  disabledReason: string | null;
}

/** The order a checkout is opened for, as order_open answered it: the amount is the database's, never the browser's. */
export interface OrderCheckoutInput {
  orderId: string;
  buyerId: string;
  /** Dollars, as stored (numeric(12,2)). */
  amount: number | string;
  currency: string;
  title: string;
  photoUrl: string | null;
  successUrl: URL;
  cancelUrl: URL;
  /** When the checkout stops taking payment (the order's checkout_expires_at). */
  expiresAt: Date;
}

export interface OrderCheckout {
  url: string;
  sessionId: string;
  expiresAt: Date;
}

/** Money going out of a held order: one ledger row (order_payments), carried out once. */
export interface OrderMoneyMove {
  /** The pending ledger row: the idempotency key is built from it, so a retry never moves the money twice. */
  paymentId: string;
  orderId: string;
  amount: number | string;
  /** The row's reason (release, auto_release, problem; refused, seller_cancelled, buyer_no_show, …). */
  reason: string;
}

/** A paid checkout as the provider reports it; compared with the order before the order is settled. */
export interface CheckoutPayment {
  sessionId: string;
  /** The order the session's metadata names. */
  orderId: string | null;
  paymentIntentId: string;
  /** What was taken, in the currency's smallest unit (cents). */
  amountCents: number;
  currency: string;
  /** The charge behind the payment intent (its latest_charge): a held order's payout is made out of it. */
  chargeId: string | null;
  /**
   * The connected account the money was sent on to (transfer_data.destination): a legacy destination charge's
   * seller; null for a held payment, which stays on the platform's account.
   */
  destination: string | null;
  /** The connected account the event came from (a Connect endpoint's event), null for the platform's own. */
  account: string | null;
}

/**
 * The market side of the same provider (docs/decisions/0029-paying-sellers.md): sellers' connected accounts and
 * the buyers' payments to them. Stripe Connect with keys, the sandbox without. The rules (who may buy, at what
 * price, sold once) are the database's; the provider only moves (or pretends to move) money.
 */
export interface MarketProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** A new connected account for the seller; its id. Called only when the seller has none stored. */
  createSellerAccount(seller: Pick<Caller, 'id' | 'email'>): Promise<string>;
  /** The URL where the seller finishes (or resumes) onboarding. */
  onboardingLink(accountId: string, urls: { returnUrl: URL; refreshUrl: URL }): Promise<string>;
  /** The account's current state from the provider, or null when the table is the only truth (sandbox). */
  refreshSellerAccount(accountId: string): Promise<SellerAccountState | null>;
  /** The seller's own payouts dashboard. */
  dashboardLink(accountId: string): Promise<string>;
  /** The payment page for a pending order. */
  createOrderCheckout(input: OrderCheckoutInput): Promise<OrderCheckout>;
  /**
   * The payment of the order's checkout once the buyer has paid it, else null (not paid yet). The sandbox
   * settles on its own page, so it always answers null.
   */
  paidCheckout(sessionId: string): Promise<CheckoutPayment | null>;
  /**
   * Gives back a payment that does not match its order (and, when it went on to a connected account, the transfer);
   * the refund's id. Idempotent per payment.
   */
  refundMismatch(paymentIntentId: string, orderId: string | null, reverseTransfer: boolean): Promise<string>;
  /**
   * Gives a second buyer's payment back in full (the piece was sold to someone else first); the refund's id.
   * Idempotent per order. `reverseTransfer` for a destination charge, which already reached the seller.
   */
  refundDoublePayment(order: { id: string; paymentIntentId: string; reverseTransfer: boolean }): Promise<string>;
  /**
   * Pays the seller what a held order's ledger row says, out of the order's charge; the transfer's id. Idempotent
   * per ledger row.
   */
  transferOrder(move: OrderMoneyMove & { destination: string; sourceTransaction: string | null }): Promise<string>;
  /**
   * Gives part or all of an order's payment back to the buyer as its ledger row says; the refund's id. Idempotent
   * per ledger row. `reverseTransfer` only for a legacy destination charge (the seller has the money).
   */
  refundOrder(move: OrderMoneyMove & { paymentIntentId: string; reverseTransfer: boolean }): Promise<string>;
}

/** A milestone's funding checkout, as milestone_fund_open answered it: the amount is the database's. */
export interface MilestoneCheckoutInput {
  /** The pending `charge` row of milestone_payments the checkout pays. */
  paymentId: string;
  milestoneId: string;
  projectId: string;
  customerId: string;
  /** Dollars, as stored (numeric with cents). */
  amount: number | string;
  /** The product line Stripe shows: '<project title>: <milestone title>'. */
  title: string;
  successUrl: URL;
  cancelUrl: URL;
  expiresAt: Date;
}

/** A paid milestone checkout as the provider reports it; the database compares amount and currency with the row. */
export interface MilestoneCheckoutPayment {
  sessionId: string;
  /** The milestone_payments row the session's metadata names. */
  paymentId: string | null;
  paymentIntentId: string;
  /** The charge behind the payment intent: transfers name it as their source_transaction. */
  chargeId: string | null;
  amountCents: number;
  currency: string;
  /** The connected account the event came from (never ours: milestones are the platform's own charges). */
  account: string | null;
}

/** Money going out of a held milestone: one ledger row (milestone_payments), carried out once. */
export interface MilestoneMoneyMove {
  /** The pending ledger row: the idempotency key is built from it, so a retry never moves the money twice. */
  paymentId: string;
  milestoneId: string;
  projectId: string;
  amount: number | string;
  reason: string;
}

/**
 * The design fee's money (docs/milestones.md, docs/payments.md "Design fee milestones"): separate charges and transfers. The customer
 * pays the platform (a charge in the project's transfer group); the platform later transfers to the designer's
 * connected account, or refunds the customer, in parts. The rules (who, when, how much) are the database's; the
 * provider only moves (or, in the sandbox, pretends to move) money.
 */
export interface MilestoneProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** The payment page for a pending funding charge. */
  createMilestoneCheckout(input: MilestoneCheckoutInput): Promise<OrderCheckout>;
  /** The payment of the checkout once paid, else null (the sandbox pays on its own page: always null). */
  paidMilestoneCheckout(sessionId: string): Promise<MilestoneCheckoutPayment | null>;
  /** Sends part of a held charge to the designer; the transfer's id. Idempotent per ledger row. */
  transferMilestone(
    move: MilestoneMoneyMove & { destination: string; sourceTransaction: string | null },
  ): Promise<string>;
  /** Gives part (or all) of a charge back to the customer; the refund's id. Idempotent per ledger row. */
  refundMilestone(move: MilestoneMoneyMove & { paymentIntentId: string }): Promise<string>;
  /** Gives back a whole payment that is not the one its row expected (wrong amount or currency). */
  refundMismatchedMilestone(paymentIntentId: string, paymentId: string | null): Promise<string>;
}
