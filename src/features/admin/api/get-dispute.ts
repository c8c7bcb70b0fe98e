import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys } from '@/lib/query-keys';
import { SIGNED_PHOTO_SECONDS, signPhotos, type SignedPhoto } from '@/features/admin/api/sign-photos';
import { supabase } from '@/lib/supabase';
import { MILESTONE_STATUS_VALUES } from '@/lib/milestone-status';

/** The private bucket of submissions' and statements' photos ('<project id>/<file>'); operators read all of it. */
const MILESTONE_PHOTOS_BUCKET = 'milestone-photos';

/** Dollars and cents as the database's numeric (a JSON number inside jsonb). */
const money = z.coerce.number();
const nullableMoney = z.union([z.null(), z.coerce.number()]);

const disputeSchema = z.object({
  id: z.string(),
  milestone_id: z.string(),
  project_id: z.string(),
  kind: z.enum(['dispute', 'chargeback']),
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

const milestoneSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  amount: money,
  status: z.enum(MILESTONE_STATUS_VALUES),
  funded_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  submission_note: z.string().nullable(),
  submission_photos: z.array(z.string()),
  changes_requested_at: z.string().nullable(),
  changes_note: z.string().nullable(),
  released_amount: money,
  refunded_amount: money,
  frozen_at: z.string().nullable(),
});

const party = z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable();

const detailSchema = z.object({
  dispute: disputeSchema,
  milestone: milestoneSchema,
  project: z.object({ id: z.string(), title: z.string().nullable() }),
  customer: party,
  designer: party,
  statements: z.array(
    z.object({
      id: z.string(),
      author_id: z.string().nullable(),
      author_name: z.string().nullable(),
      role: z.enum(['customer', 'designer']),
      body: z.string(),
      photos: z.array(z.string()),
      created_at: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['charge', 'refund', 'transfer']),
      amount: money,
      status: z.string(),
      reason: z.string(),
      note: z.string().nullable(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
    }),
  ),
  remaining: money,
});

type DisputeDetail = z.infer<typeof detailSchema>;

export type Dispute = Omit<DisputeDetail, 'milestone' | 'statements'> & {
  milestone: Omit<DisputeDetail['milestone'], 'submission_photos'> & { submission_photos: SignedPhoto[] };
  statements: (Omit<DisputeDetail['statements'][number], 'photos'> & { photos: SignedPhoto[] })[];
};

/**
 * One dispute or chargeback for an operator (rpc milestone_dispute_detail, docs/trust-and-safety.md): the milestone
 * and its submission, the project, both parties, both statements, the payments so far and what remains to split,
 * with signed links for the photos. 42501 for anyone else; P0002 when it does not exist.
 */
export async function getDispute(id: string): Promise<Dispute> {
  const { data, error } = await supabase.rpc('milestone_dispute_detail', { dispute_id: id });
  if (error) throw error;
  const detail = detailSchema.parse(data);
  const signed = await signPhotos(MILESTONE_PHOTOS_BUCKET, [
    ...detail.milestone.submission_photos,
    ...detail.statements.flatMap((statement) => statement.photos),
  ]);
  return {
    ...detail,
    milestone: { ...detail.milestone, submission_photos: signed(detail.milestone.submission_photos) },
    statements: detail.statements.map((statement) => ({ ...statement, photos: signed(statement.photos) })),
  };
}

export function disputeQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.dispute(id),
    queryFn: () => getDispute(id),
    // The photo links expire: read them again well before.
    staleTime: (SIGNED_PHOTO_SECONDS / 2) * 1000,
    refetchInterval: (SIGNED_PHOTO_SECONDS / 2) * 1000,
  });
}

export function useDispute(id: string) {
  return useQuery(disputeQueryOptions(id));
}
