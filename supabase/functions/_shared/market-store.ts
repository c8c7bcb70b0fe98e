import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { HttpError } from './http.ts';
import type { SellerAccountState } from './provider.ts';

export type OrderStatus = 'pending' | 'paid' | 'ready' | 'completed' | 'cancelled' | 'refunded' | 'expired';
export type RefundReason = 'seller_cancelled' | 'already_sold' | 'provider';

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
  checkout_expires_at: string;
  paid_at: string | null;
  ready_at: string | null;
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

  private async rpc<T>(fn: string, args: Record<string, unknown>, refusals = false): Promise<T> {
    const { data, error } = await this.db.rpc(fn, args);
    if (error) {
      const refusal = refusals ? orderRefusal(error) : null;
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

  markPaid(orderId: string, paymentIntentId: string): Promise<{ outcome: PaidOutcome; order: OrderRow }> {
    return this.rpc('order_mark_paid', { p_order_id: orderId, p_payment_intent_id: paymentIntentId });
  }

  async markRefunded(orderId: string, refundId: string, reason: RefundReason): Promise<OrderRow> {
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

  /** One order by id (the service role reads all; callers check who may see it). */
  async order(orderId: string): Promise<OrderRow | null> {
    const { data, error } = await this.db.from('orders').select('*').eq('id', orderId).maybeSingle();
    if (error) throw new Error(`reading order failed: ${error.message}`);
    return (data as OrderRow | null) ?? null;
  }
}
