import type { Plan, Role } from './plans.ts';
import { PLAN_FOR_ROLE, isPlan } from './plans.ts';
import { idOf } from './ids.ts';

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

const STATUSES: readonly SubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

/** A row of public.subscriptions as the functions read it. */
export interface SubscriptionRow {
  user_id: string;
  plan: Plan;
  status: SubscriptionStatus;
  provider: 'stripe' | 'sandbox';
  price_id: string | null;
  product_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  updated_at: string;
}

/** What the Stripe path writes for one subscription (user and plan decided by the caller). */
export interface SubscriptionWrite {
  status: SubscriptionStatus;
  price_id: string;
  product_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  stripe_customer_id: string;
  stripe_subscription_id: string;
}

/** The fields of a Stripe Subscription (API 2025-03-31 and later: the period lives on the items) we use. */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string };
  cancel_at_period_end: boolean;
  metadata?: Record<string, string> | null;
  items: {
    data: {
      current_period_end?: number | null;
      price: { id: string; product: string | { id: string } | null };
    }[];
  };
}

/** Same rule as private.has_active_subscription(), which the policies use. */
export function isActive(row: Pick<SubscriptionRow, 'status' | 'current_period_end'>, now: Date): boolean {
  if (row.status !== 'active' && row.status !== 'trialing') return false;
  return row.current_period_end === null || new Date(row.current_period_end).getTime() > now.getTime();
}

export interface SubscriptionAnswer {
  subscribed: boolean;
  plan: Plan;
  product_id: string | null;
  price_id: string | null;
  subscription_end: string | null;
  status: SubscriptionStatus | null;
  cancel_at_period_end: boolean;
  provider: 'stripe' | 'sandbox' | null;
}

/**
 * check-subscription's answer: the subscription of the plan the caller's role needs (the one row-level
 * security checks), so `subscribed` never says yes where the database would say no.
 */
export function answerFor(role: Role, rows: readonly SubscriptionRow[], now: Date): SubscriptionAnswer {
  const plan = PLAN_FOR_ROLE[role];
  const row = rows.find((r) => r.plan === plan) ?? null;
  const subscribed = row !== null && isActive(row, now);
  return {
    subscribed,
    plan,
    product_id: subscribed ? row!.product_id : null,
    price_id: subscribed ? row!.price_id : null,
    subscription_end: subscribed ? toIso(row!.current_period_end) : null,
    status: row?.status ?? null,
    cancel_at_period_end: subscribed ? row!.cancel_at_period_end : false,
    provider: row?.provider ?? null,
  };
}

function toIso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * The row values for a Stripe subscription, and its plan: from the price (configured ids), else from the
 * metadata we set at checkout. Null when it is none of our plans (another product on the same account).
 */
export function writeFromStripe(
  sub: StripeSubscriptionLike,
  prices: Partial<Record<Plan, string>>,
): { plan: Plan; write: SubscriptionWrite } | null {
  const item = sub.items.data[0];
  if (!item) return null;
  const priceId = item.price.id;
  let plan: Plan | null = null;
  for (const p of ['client', 'designer'] as const) if (prices[p] === priceId) plan = p;
  if (!plan && isPlan(sub.metadata?.plan)) plan = sub.metadata!.plan as Plan;
  if (!plan) return null;
  const status = (STATUSES as readonly string[]).includes(sub.status) ? (sub.status as SubscriptionStatus) : 'incomplete';
  const ends = sub.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  return {
    plan,
    write: {
      status,
      price_id: priceId,
      product_id: idOf(item.price.product),
      current_period_end: ends.length ? new Date(Math.min(...ends) * 1000).toISOString() : null,
      cancel_at_period_end: sub.cancel_at_period_end,
      stripe_customer_id: idOf(sub.customer)!,
      stripe_subscription_id: sub.id,
    },
  };
}

/**
 * Whether a Stripe subscription may overwrite the stored row of the same user and plan. The same
 * subscription always may (its state is re-fetched, so order does not matter). A different one replaces a
 * row that no longer grants access, or when it grants access itself; so a late "deleted" event of an old
 * subscription never ends the membership a newer one started.
 */
export function mayReplace(existing: SubscriptionRow | null, incoming: SubscriptionWrite, now: Date): boolean {
  if (!existing) return true;
  if (existing.stripe_subscription_id === incoming.stripe_subscription_id) return true;
  if (!isActive(existing, now)) return true;
  return incoming.status === 'active' || incoming.status === 'trialing';
}

/** How long after a checkout started check-subscription asks Stripe when no webhook has arrived yet. */
export const CHECKOUT_GRACE_MS = 30 * 60 * 1000;
/** How often a subscription waiting on a payment (incomplete, past due) is re-fetched at most. */
export const PENDING_REFRESH_MS = 5 * 60 * 1000;

export interface ReconcilePlan {
  /** Stored Stripe subscriptions to re-fetch. */
  refresh: string[];
  /** Ask Stripe for the customer's subscriptions (a checkout may have finished before its webhook). */
  listCustomer: boolean;
}

/**
 * When the table may be stale, so check-subscription asks Stripe (by stored ids, never by e-mail):
 * an active row whose period has ended (the renewal webhook is missing), a row waiting on a payment that
 * was not updated for a while, or a recent checkout without an active row of that plan yet.
 */
export function reconcilePlan(
  rows: readonly SubscriptionRow[],
  plan: Plan,
  customer: { lastCheckoutAt: string | null } | null,
  now: Date,
): ReconcilePlan {
  const refresh: string[] = [];
  for (const r of rows) {
    if (r.provider !== 'stripe' || !r.stripe_subscription_id) continue;
    const periodOver =
      (r.status === 'active' || r.status === 'trialing') &&
      r.current_period_end !== null &&
      new Date(r.current_period_end).getTime() <= now.getTime();
    const waiting =
      (r.status === 'incomplete' || r.status === 'past_due' || r.status === 'unpaid') &&
      now.getTime() - new Date(r.updated_at).getTime() >= PENDING_REFRESH_MS;
    if (periodOver || waiting) refresh.push(r.stripe_subscription_id);
  }
  const current = rows.find((r) => r.plan === plan);
  const recentCheckout =
    customer?.lastCheckoutAt != null && now.getTime() - new Date(customer.lastCheckoutAt).getTime() < CHECKOUT_GRACE_MS;
  return { refresh, listCustomer: recentCheckout && !(current && isActive(current, now)) };
}
