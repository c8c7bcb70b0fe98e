import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { HttpError } from './http.ts';
import type { SellerAccountState } from './provider.ts';
import { type RefusalCodes, refusalOf } from './rpc-errors.ts';

export type OrderStatus =
  | 'pending'
  | 'expired'
  | 'paid'
  | 'collected'
  | 'disputed'
  | 'completed'
  | 'refused'
  | 'cancelled'
  | 'refunded';
/** Why an order's money went back (orders.refund_reason). */
export type RefundReason =
  | 'seller_cancelled'
  | 'already_sold'
  | 'provider'
  | 'refused'
  | 'buyer_no_show'
  | 'seller_no_show'
  | 'problem'
  | 'chargeback';
/** A reason order_mark_refunded takes: a double payment's, or a refund made in Stripe's dashboard. */
export type MarkedRefundReason = 'already_sold' | 'provider';

export interface SellerAccountRow {
  user_id: string;
  provider: 'stripe' | 'sandbox';
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  transfers_active: boolean;
  requirements_due: string[];
  disabled_reason: string | null;
  can_be_paid: boolean;
  created_at: string;
  updated_at: string;
}

export interface OrderRow {
  id: string;
  catalog_item_id: string | null;
  buyer_id: string | null;
  seller_id: string | null;
  offer_id: string | null;
  item_title: string;
  item_photo_url: string | null;
  amount: number | string;
  currency: string;
  status: OrderStatus;
  provider: 'stripe' | 'sandbox';
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  refund_id: string | null;
  refund_reason: RefundReason | null;
  /** held: the payment waits on the platform until the handover; destination: a legacy destination charge. */
  payout: 'held' | 'destination';
  /** The platform's charge (ch_…): a held order's payout is a transfer out of it. */
  charge_id: string | null;
  handed_over_at: string | null;
  release_at: string | null;
  released_amount: number | string;
  refunded_amount: number | string;
  /** A chargeback: no money of the order moves until the bank decides. */
  frozen_at: string | null;
  checkout_expires_at: string;
  paid_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OpenedOrder {
  order: OrderRow;
  seller_account_id: string;
  item_title: string;
  item_photo_url: string | null;
}

/** 'paid': the piece is the buyer's; 'refund': sold to someone else meanwhile, give the money back; 'duplicate': done before. */
export type PaidOutcome = 'paid' | 'refund' | 'duplicate';

/** One refund or transfer of a held order (public.order_payments). */
export interface OrderPaymentRow {
  id: string;
  order_id: string;
  kind: 'refund' | 'transfer';
  amount: number | string;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string;
  provider: 'stripe' | 'sandbox';
  provider_id: string | null;
  note: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A pending refund or transfer the database says can be carried out now (order_pending_settlements). */
export interface OrderSettlement {
  id: string;
  kind: 'refund' | 'transfer';
  amount: number | string;
  provider: 'stripe' | 'sandbox';
  reason: string;
  order_id: string;
  payout: 'held' | 'destination';
  payment_intent_id: string | null;
  charge_id: string | null;
  /** The seller's account when it can be paid, else null (the transfer waits). */
  destination: string | null;
}

/** The refusals of the order steps (the contract's codes; the database's sentence is the message). */
const ORDER_STEP: RefusalCodes = {
  P0002: [404, 'not_found'],
  '55000': [409, 'wrong_state'],
  '23505': [409, 'duplicate'],
  '23514': [400, 'invalid'],
  '22023': [400, 'invalid'],
};

/**
 * A refusal of refuse-order's input by the database: the photos (missing from the bucket, another order's, too
 * many) or the reason.
 */
export function refusalRefuseOrder(error: { code?: string; message: string }): HttpError | null {
  if (error.code === '23514' || error.code === '22023') {
    return new HttpError(400, error.message, /photo/i.test(error.message) ? 'invalid_photos' : 'invalid_reason');
  }
  return refusalOf(error, { ...ORDER_STEP, '42501': [403, 'not_buyer'] });
}

/** What the account answers to its seller (connect-account refresh): the row without ids and times. */
export interface SellerAccountView {
  provider: 'stripe' | 'sandbox';
  can_be_paid: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements_due: string[];
  disabled_reason: string | null;
}

export function sellerAccountView(row: SellerAccountRow | null): SellerAccountView | null {
  if (!row) return null;
  return {
    provider: row.provider,
    can_be_paid: row.can_be_paid,
    charges_enabled: row.charges_enabled,
    payouts_enabled: row.payouts_enabled,
    details_submitted: row.details_submitted,
    requirements_due: row.requirements_due ?? [],
    disabled_reason: row.disabled_reason,
  };
}

/** A pending order past its checkout's expiry reads as expired everywhere (docs/decisions/0029-paying-sellers.md). */
export function effectiveStatus(order: Pick<OrderRow, 'status' | 'checkout_expires_at'>, now = new Date()): OrderStatus {
  return order.status === 'pending' && new Date(order.checkout_expires_at).getTime() <= now.getTime() ? 'expired' : order.status;
}

/**
 * A function returning one composite row answers a row of nulls (not null) when there is none: both mean "none".
 */
function rowOrNull<T>(value: unknown, key: keyof T): T | null {
  if (value == null || typeof value !== 'object') return null;
  const row = (Array.isArray(value) ? value[0] : value) as T | undefined;
  return row && row[key] != null ? row : null;
}

/**
 * A refusal of the database's market rules as the caller's error: the database's own message with a status and a
 * code the app can read. Other failures stay internal (500).
 */
export function orderRefusal(error: { code?: string; message: string }): HttpError | null {
  switch (error.code) {
    case 'P0002':
      return new HttpError(404, error.message, 'not_found');
    case '42501':
      return new HttpError(403, error.message, 'own_piece');
    case '55000':
      return new HttpError(409, error.message, 'not_available');
    default:
      return null;
  }
}

/**
 * The orders and sellers' accounts, through the service role and the service-role-only functions of
 * migrations/20261129000100_orders.sql, which hold the rules (amounts, sold once, who may buy).
 */
export class MarketStore {
  constructor(private readonly db: SupabaseClient) {}

  private async rpc<T>(
    fn: string,
    args: Record<string, unknown>,
    refusals: boolean | ((error: { code?: string; message: string }) => HttpError | null) = false,
  ): Promise<T> {
    const { data, error } = await this.db.rpc(fn, args);
    if (error) {
      const refusal =
        typeof refusals === 'function' ? refusals(error) : refusals ? orderRefusal(error) : null;
      if (refusal) throw refusal;
      throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`);
    }
    return data as T;
  }

  async sellerAccount(userId: string): Promise<SellerAccountRow | null> {
    return rowOrNull<SellerAccountRow>(await this.rpc('seller_account_get', { p_user_id: userId }), 'account_id');
  }

  /** Stores the seller's account, or returns the one already stored (one account per seller). */
  async saveSellerAccount(userId: string, provider: 'stripe' | 'sandbox', accountId: string): Promise<SellerAccountRow> {
    const row = rowOrNull<SellerAccountRow>(
      await this.rpc('seller_account_save', { p_user_id: userId, p_provider: provider, p_account_id: accountId }),
      'account_id',
    );
    if (!row) throw new Error('seller_account_save returned no row');
    return row;
  }

  /** Writes the account's state; null when no seller has this account. */
  async updateSellerAccount(accountId: string, state: SellerAccountState): Promise<SellerAccountRow | null> {
    return rowOrNull<SellerAccountRow>(
      await this.rpc('seller_account_update', {
        p_account_id: accountId,
        p_charges_enabled: state.chargesEnabled,
        p_payouts_enabled: state.payoutsEnabled,
        p_details_submitted: state.detailsSubmitted,
        p_transfers_active: state.transfersActive,
        p_requirements_due: state.requirementsDue,
        p_disabled_reason: state.disabledReason,
      }),
      'account_id',
    );
  }

  /** A pending order for the buyer at the database's price, or the database's refusal (404/403/409). */
  openOrder(buyerId: string, itemId: string, provider: 'stripe' | 'sandbox'): Promise<OpenedOrder> {
    return this.rpc<OpenedOrder>('order_open', { p_buyer: buyerId, p_item_id: itemId, p_provider: provider }, true);
  }

  async setCheckout(orderId: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.rpc('order_set_checkout', { p_order_id: orderId, p_session_id: sessionId, p_expires_at: expiresAt.toISOString() });
  }

  /** The payment arrived: its payment intent and charge (a held order's payout is made out of the charge). */
  markPaid(
    orderId: string,
    paymentIntentId: string,
    chargeId: string | null,
  ): Promise<{ outcome: PaidOutcome; order: OrderRow }> {
    return this.rpc('order_mark_paid', {
      p_order_id: orderId,
      p_payment_intent_id: paymentIntentId,
      p_charge_id: chargeId,
    });
  }

  async markRefunded(orderId: string, refundId: string, reason: MarkedRefundReason): Promise<OrderRow> {
    const row = rowOrNull<OrderRow>(
      await this.rpc('order_mark_refunded', { p_order_id: orderId, p_refund_id: refundId, p_reason: reason }),
      'id',
    );
    if (!row) throw new Error(`order_mark_refunded: no order ${orderId}`);
    return row;
  }

  async expire(orderId: string): Promise<void> {
    await this.rpc('order_expire', { p_order_id: orderId });
  }

  async orderForPaymentIntent(paymentIntentId: string): Promise<OrderRow | null> {
    return rowOrNull<OrderRow>(await this.rpc('order_for_payment_intent', { p_payment_intent_id: paymentIntentId }), 'id');
  }

  /** The buyer's "Collected, all good": completed, and the pending payout row of what is held (null for a legacy order). */
  collect(buyerId: string, orderId: string): Promise<{ order: OrderRow; transfer: OrderPaymentRow | null }> {
    return this.rpc('order_collect', { p_buyer: buyerId, p_order_id: orderId }, (e) =>
      refusalOf(e, { ...ORDER_STEP, '42501': [403, 'not_buyer'] }),
    );
  }

  /** The buyer refuses the piece at pickup: refused, and the pending refund row of the whole amount. */
  refuse(
    buyerId: string,
    orderId: string,
    reason: string,
    photos: string[],
  ): Promise<{ order: OrderRow; refund: OrderPaymentRow | null }> {
    return this.rpc(
      'order_refuse',
      { p_buyer: buyerId, p_order_id: orderId, p_reason: reason, p_photos: photos },
      refusalRefuseOrder,
    );
  }

  /** The seller cancels (or the buyer after the seller missed a pickup): cancelled, and the whole refund row. */
  cancel(actorId: string, orderId: string): Promise<{ order: OrderRow; refund: OrderPaymentRow | null }> {
    return this.rpc('order_cancel', { p_actor: actorId, p_order_id: orderId }, (e) =>
      refusalOf(e, { ...ORDER_STEP, '42501': [403, 'not_seller'] }),
    );
  }

  paymentSucceeded(paymentId: string, providerId: string): Promise<OrderPaymentRow> {
    return this.rpc('order_payment_succeeded', { p_payment_id: paymentId, p_provider_id: providerId });
  }

  async paymentNote(paymentId: string, note: string): Promise<void> {
    await this.rpc('order_payment_note', { p_payment_id: paymentId, p_note: note.slice(0, 500) });
  }

  async pendingSettlements(limit = 50): Promise<OrderSettlement[]> {
    return (await this.rpc<OrderSettlement[] | null>('order_pending_settlements', { p_limit: limit })) ?? [];
  }

  /** Completes the collected orders past their 48 hours and sends the pickup reminders that are due. */
  async settleDue(): Promise<{ released: number; reminded: number }> {
    const answer = await this.rpc<{ released?: number; reminded?: number } | null>('orders_settle_due', {});
    return { released: answer?.released ?? 0, reminded: answer?.reminded ?? 0 };
  }

  chargebackOpened(
    paymentIntentId: string,
    disputeId: string,
    reason: string,
  ): Promise<{ outcome: 'frozen' | 'duplicate' | 'unknown'; order?: OrderRow | null }> {
    return this.rpc('order_chargeback_opened', {
      p_payment_intent_id: paymentIntentId,
      p_dispute_id: disputeId,
      p_reason: reason,
    });
  }

  chargebackClosed(
    disputeId: string,
    won: boolean,
  ): Promise<{ outcome: 'closed' | 'duplicate' | 'unknown'; order?: OrderRow | null }> {
    return this.rpc('order_chargeback_closed', { p_dispute_id: disputeId, p_won: won });
  }

  /** The seller's account id when it can be paid through `provider` now, else null (a payout waits). */
  async payableAccount(sellerId: string | null, provider: 'stripe' | 'sandbox'): Promise<string | null> {
    if (!sellerId) return null;
    const row = await this.sellerAccount(sellerId);
    return row && row.can_be_paid && row.provider === provider ? row.account_id : null;
  }

  /** One order by id (the service role reads all; callers check who may see it). */
  async order(orderId: string): Promise<OrderRow | null> {
    const { data, error } = await this.db.from('orders').select('*').eq('id', orderId).maybeSingle();
    if (error) throw new Error(`reading order failed: ${error.message}`);
    return (data as OrderRow | null) ?? null;
  }
}
