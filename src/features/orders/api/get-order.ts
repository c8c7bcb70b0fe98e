import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ORDER_COLUMNS,
  type Order,
  type OrderPayment,
  type OrderProblem,
  type PickupAddress,
  type PickupWindow,
} from '@/features/orders/api/order';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/**
 * One order with everything its page shows (docs/orders.md): both names, the pickup windows (superseded offers left
 * out), the pickup address when the viewer may read it (the seller; the buyer once a window is confirmed: the
 * policy decides, so the buyer simply reads none before), the ledger's refunds and payouts, and any problem with
 * its statements.
 */
export type OrderDetail = Order & {
  buyer_name: string;
  seller_name: string;
  windows: PickupWindow[];
  address: PickupAddress | null;
  payments: OrderPayment[];
  problems: OrderProblem[];
};

/**
 * Names of an order's parties: the seller's public designer name; the buyer's from the profile the viewer may read
 * (their own, or one the policies open to the other party), else a neutral word.
 */
async function partyNames(order: Order): Promise<{ buyer_name: string; seller_name: string }> {
  const ids = [order.buyer_id, order.seller_id].filter((id): id is string => id !== null);
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const [designers, profiles] = await Promise.all([
      supabase.from('designer_profiles').select('user_id, full_name, username').in('user_id', ids),
      supabase.from('profiles').select('id, full_name').in('id', ids),
    ]);
    if (designers.error) throw designers.error;
    if (profiles.error) throw profiles.error;
    for (const p of profiles.data) if (p.full_name?.trim()) names.set(p.id, p.full_name.trim());
    for (const d of designers.data) {
      const name = d.full_name?.trim() || d.username?.trim();
      if (name && d.user_id === order.seller_id) names.set(d.user_id, name);
    }
  }
  return {
    buyer_name: (order.buyer_id && names.get(order.buyer_id)) || 'The buyer',
    seller_name: (order.seller_id && names.get(order.seller_id)) || 'The seller',
  };
}

/** The handover's rows of a paid order; an order never paid has none, so nothing is read for it. */
async function handover(order: Order) {
  if (order.status === 'pending' || order.status === 'expired') {
    return { windows: [], address: null, payments: [], problems: [] };
  }
  const [windows, address, payments, problems, statements] = await Promise.all([
    supabase
      .from('order_pickup_windows')
      .select('id, proposed_by, proposer_role, starts_at, ends_at, status, confirmed_at, missed_by, created_at')
      .eq('order_id', order.id)
      .neq('status', 'superseded')
      .order('starts_at', { ascending: true }),
    supabase.from('order_pickup_addresses').select('address, directions').eq('order_id', order.id).maybeSingle(),
    supabase
      .from('order_payments')
      .select('id, kind, amount, status, reason, created_at, completed_at')
      .eq('order_id', order.id)
      .order('created_at', { ascending: true }),
    supabase
      .from('order_problems')
      .select(
        'id, kind, opened_by, reason, status, statements_due_at, refund_amount, release_amount, decision_reason, decided_at, outcome, created_at',
      )
      .eq('order_id', order.id)
      .order('created_at', { ascending: true }),
    supabase
      .from('order_problem_statements')
      .select('id, problem_id, author_id, author_role, body, photos, created_at')
      .eq('order_id', order.id)
      .order('created_at', { ascending: true }),
  ]);
  for (const answer of [windows, address, payments, problems, statements]) if (answer.error) throw answer.error;
  return {
    windows: windows.data ?? [],
    address: address.data ?? null,
    payments: payments.data ?? [],
    problems: (problems.data ?? []).map((problem) => ({
      ...problem,
      statements: (statements.data ?? []).filter((statement) => statement.problem_id === problem.id),
    })),
  };
}

/** One order the viewer may see (its buyer, or its seller once paid), with its handover; null when there is none. */
export async function getOrder(orderId: string): Promise<OrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const { data, error } = await supabase.from('orders').select(ORDER_COLUMNS).eq('id', orderId).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const order: Order = data;
  const [names, rows] = await Promise.all([partyNames(order), handover(order)]);
  return { ...order, ...names, ...rows };
}

export function getOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => getOrder(orderId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useOrder(orderId: string) {
  return useQuery(getOrderQueryOptions(orderId));
}
