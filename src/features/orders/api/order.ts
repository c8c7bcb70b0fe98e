import type { Tables } from '@/types/database';

/**
 * An order as the app reads it (public.orders, ADR 0029): the columns the pages need. Money and status are the
 * database's, never the browser's; payment ids stay out of the pages.
 */
export type Order = Pick<
  Tables<'orders'>,
  | 'id'
  | 'catalog_item_id'
  | 'buyer_id'
  | 'seller_id'
  | 'offer_id'
  | 'item_title'
  | 'item_photo_url'
  | 'amount'
  | 'currency'
  | 'status'
  | 'refund_reason'
  | 'checkout_expires_at'
  | 'paid_at'
  | 'ready_at'
  | 'completed_at'
  | 'cancelled_at'
  | 'refunded_at'
  | 'created_at'
>;

// One literal (not joined pieces), so supabase-js types the rows from it.
export const ORDER_COLUMNS =
  'id, catalog_item_id, buyer_id, seller_id, offer_id, item_title, item_photo_url, amount, currency, status, refund_reason, checkout_expires_at, paid_at, ready_at, completed_at, cancelled_at, refunded_at, created_at';
