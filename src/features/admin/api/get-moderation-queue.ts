import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { keysetPages } from '@/lib/keyset-cursor';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { subjectLabels, type ReportSubject } from '@/features/admin/utils/labels';
import { REPORT_REASON_VALUES } from '@/lib/report-reasons';

export const QUEUE_PAGE_SIZE = 20;

const reportSubject = z.enum(Object.keys(subjectLabels) as [ReportSubject, ...ReportSubject[]]);
const reportReason = z.enum(REPORT_REASON_VALUES);

/** One reported thing in the queue (rpc moderation_queue): its open reports taken together. */
const queueRowSchema = z.object({
  subject_kind: reportSubject,
  subject_id: z.string(),
  subject_user_id: z.string().nullable(),
  subject_user_name: z.string().nullable(),
  subject_label: z.string().nullable(),
  report_count: z.number(),
  reporter_count: z.number(),
  reasons: z.array(reportReason),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  hidden: z.boolean(),
});

export type QueueRow = z.infer<typeof queueRowSchema>;
export type QueueCursor = { first_reported_at: string; subject_id: string };

/**
 * A page of the queue: things with open reports, the one reported longest ago first, after `after` (keyset on first
 * report and subject id, so a new report never moves a row across pages). Operators only (42501 otherwise).
 */
export async function getModerationQueuePage(after: QueueCursor | null): Promise<QueueRow[]> {
  const { data, error } = await supabase.rpc('moderation_queue', {
    page_size: QUEUE_PAGE_SIZE,
    ...(after ? { after_first_reported_at: after.first_reported_at, after_subject_id: after.subject_id } : {}),
  });
  if (error) throw error;
  return z.array(queueRowSchema).parse(data);
}

export function moderationQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.queue(),
    queryFn: ({ pageParam }) => getModerationQueuePage(pageParam),
    ...keysetPages(QUEUE_PAGE_SIZE, (row: QueueRow): QueueCursor => ({
      first_reported_at: row.first_reported_at,
      subject_id: row.subject_id,
    })),
  });
}

export function useModerationQueue() {
  return useInfiniteQuery(moderationQueueQueryOptions());
}
