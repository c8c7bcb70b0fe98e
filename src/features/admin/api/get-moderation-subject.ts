import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { subjectLabels, type ReportSubject } from '@/features/admin/utils/labels';
import { REPORT_REASON_VALUES } from '@/lib/report-reasons';

const reportSubject = z.enum(Object.keys(subjectLabels) as [ReportSubject, ...ReportSubject[]]);
const reportReason = z.enum(REPORT_REASON_VALUES);

/**
 * One reported thing as rpc moderation_subject describes it (docs/trust-and-safety.md): the content as its audience
 * saw it (a hidden message's original words, kept for operators), the person it belongs to, every report on it (open
 * ones first) and that person's history.
 */
const subjectSchema = z.object({
  kind: reportSubject,
  id: z.string(),
  hidden: z.boolean(),
  link: z.string().nullable(),
  content: z.object({
    title: z.string().nullable(),
    text: z.string().nullable(),
    photos: z.array(z.string()),
    price: z.number().nullable(),
    created_at: z.string().nullable(),
    // e.g. 'In the conversation about "Teak sideboard"', 'A review of Jordan Rivera'.
    context: z.string().nullable(),
  }),
  person: z
    .object({
      id: z.string(),
      // A profile without a name (never filled in) has none to show.
      name: z
        .string()
        .nullable()
        .transform((name) => name ?? 'A person without a name'),
      role: z.enum(['customer', 'designer']).nullable(),
      created_at: z.string().nullable(),
      suspended_at: z.string().nullable(),
    })
    .nullable(),
  reports: z.array(
    z.object({
      id: z.string(),
      reporter_id: z.string().nullable(),
      reporter_name: z.string().nullable(),
      reason: reportReason,
      details: z.string().nullable(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  history: z.object({
    reports: z.array(
      z.object({
        id: z.string(),
        subject_kind: reportSubject,
        subject_id: z.string(),
        reason: reportReason,
        status: z.string(),
        created_at: z.string(),
      }),
    ),
    actions: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        reason: z.string(),
        operator_name: z.string(),
        subject_kind: reportSubject.nullable(),
        created_at: z.string(),
      }),
    ),
    account_created_at: z.string().nullable(),
    orders_bought: z.number(),
    orders_sold: z.number(),
    projects: z.number(),
  }),
});

export type ModerationSubject = z.infer<typeof subjectSchema>;

/** One reported thing, for an operator (42501 for anyone else; P0002 when it no longer exists). */
export async function getModerationSubject(kind: ReportSubject, id: string): Promise<ModerationSubject> {
  const { data, error } = await supabase.rpc('moderation_subject', { p_kind: kind, p_id: id });
  if (error) throw error;
  return subjectSchema.parse(data);
}

export function moderationSubjectQueryOptions(kind: ReportSubject, id: string) {
  return queryOptions({
    queryKey: adminKeys.subject(kind, id),
    queryFn: () => getModerationSubject(kind, id),
  });
}

export function useModerationSubject(kind: ReportSubject, id: string) {
  return useQuery(moderationSubjectQueryOptions(kind, id));
}
