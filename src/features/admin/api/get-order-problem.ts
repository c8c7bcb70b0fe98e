import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SIGNED_PHOTO_SECONDS, signPhotos, type SignedPhoto } from '@/features/admin/api/sign-photos';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The private bucket of refusals' and statements' photos ('<order id>/<file>'); operators read all of it. */
const ORDER_PHOTOS_BUCKET = 'order-photos';

/** Dollars and cents as the database's numeric (a JSON number inside jsonb). */
const money = z.coerce.number();
const nullableMoney = z.union([z.null(), z.coerce.number()]);

const problemSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(['problem', 'chargeback']),
  opened_by: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(['open', 'decided', 'closed']),
  statements_due_at: z.string(),
  refund_amount: nullableMoney,
  release_amount: nullableMoney,
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  outcome: z.enum(['won', 'lost']).nullable(),
  created_at: z.string(),
});

export const ORDER_STATUS_VALUES = [
  'pending',
  'expired',
  'paid',
  'collected',
  'disputed',
  'completed',
  'refused',
  'cancelled',
  'refunded',
] as const;

const orderSchema = z.object({
  id: z.string(),
  catalog_item_id: z.string().nullable(),
  item_title: z.string(),
  item_photo_url: z.string().nullable(),
  amount: money,
  status: z.enum(ORDER_STATUS_VALUES),
  payout: z.enum(['held', 'destination']),
  provider: z.string(),
  paid_at: z.string().nullable(),
  handed_over_at: z.string().nullable(),
  release_at: z.string().nullable(),
  refused_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  refusal_photos: z.array(z.string()),
  refund_reason: z.string().nullable(),
  released_amount: money,
  refunded_amount: money,
  frozen_at: z.string().nullable(),
});

const party = z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable();

const detailSchema = z.object({
  problem: problemSchema,
  order: orderSchema,
  buyer: party,
  seller: party,
  statements: z.array(
    z.object({
      id: z.string(),
      author_id: z.string().nullable(),
      author_name: z.string().nullable(),
      role: z.enum(['buyer', 'seller']),
      body: z.string(),
      photos: z.array(z.string()),
      created_at: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['refund', 'transfer']),
      amount: money,
      status: z.string(),
      reason: z.string(),
      note: z.string().nullable(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
    }),
  ),
  windows: z.array(
    z.object({
      id: z.string(),
      proposer_role: z.enum(['buyer', 'seller']),
      starts_at: z.string(),
      ends_at: z.string(),
      status: z.enum(['proposed', 'confirmed', 'superseded', 'kept', 'missed']),
      confirmed_at: z.string().nullable(),
      missed_by: z.enum(['buyer', 'seller']).nullable(),
      created_at: z.string(),
    }),
  ),
  held: money,
});

type OrderProblemDetail = z.infer<typeof detailSchema>;

export type OrderProblem = Omit<OrderProblemDetail, 'order' | 'statements'> & {
  order: Omit<OrderProblemDetail['order'], 'refusal_photos'> & { refusal_photos: SignedPhoto[] };
  statements: (Omit<OrderProblemDetail['statements'][number], 'photos'> & { photos: SignedPhoto[] })[];
};

/**
 * One problem or chargeback of a Good Stuff order for an operator (rpc order_problem_detail, docs/orders.md): the
 * order and its refusal, both parties, their statements, the pickup windows, the payments so far and what Good Space
 * holds, with signed links for the photos. 42501 for anyone else (and for an operator who is a party); P0002 when
 * it does not exist.
 */
export async function getOrderProblem(id: string): Promise<OrderProblem> {
  const { data, error } = await supabase.rpc('order_problem_detail', { problem_id: id });
  if (error) throw error;
  const detail = detailSchema.parse(data);
  const signed = await signPhotos(ORDER_PHOTOS_BUCKET, [
    ...detail.order.refusal_photos,
    ...detail.statements.flatMap((statement) => statement.photos),
  ]);
  return {
    ...detail,
    // Windows as they happened: the earliest first.
    windows: [...detail.windows].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at)),
    order: { ...detail.order, refusal_photos: signed(detail.order.refusal_photos) },
    statements: detail.statements.map((statement) => ({ ...statement, photos: signed(statement.photos) })),
  };
}

export function orderProblemQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.orderProblem(id),
    queryFn: () => getOrderProblem(id),
    // The photo links expire: read them again well before.
    staleTime: (SIGNED_PHOTO_SECONDS / 2) * 1000,
    refetchInterval: (SIGNED_PHOTO_SECONDS / 2) * 1000,
  });
}

export function useOrderProblem(id: string) {
  return useQuery(orderProblemQueryOptions(id));
}
