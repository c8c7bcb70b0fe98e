import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const QUEUE_PAGE_SIZE = 20;

const QUEUE_COLUMNS =
  'id, designer_id, kind, method, school_email, email_confirmed_at, document_paths, project_ids, created_at, designer:designer_profiles!verification_requests_designer_id_fkey(full_name, username, verified)';

type Cursor = { created_at: string; id: string };

/**
 * One page of open verification requests, oldest first (the operators' queue; row-level security shows every
 * request to operators only). Keyset paging on (created_at, id), the index verification_requests_open_idx.
 */
export async function getVerificationQueuePage(after: Cursor | null) {
  let query = supabase
    .from('verification_requests')
    .select(QUEUE_COLUMNS)
    .eq('status', 'open')
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(QUEUE_PAGE_SIZE);
  if (after) {
    query = query.gte('created_at', after.created_at).or(`created_at.gt."${after.created_at}",id.gt.${after.id}`);
  }
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export type QueuedRequest = Awaited<ReturnType<typeof getVerificationQueuePage>>[number];

export function getVerificationQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: verificationKeys.queue(),
    queryFn: ({ pageParam }) => getVerificationQueuePage(pageParam),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last: QueuedRequest[]): Cursor | null => {
      const row = last.length === QUEUE_PAGE_SIZE ? last[last.length - 1] : undefined;
      return row ? { created_at: row.created_at, id: row.id } : null;
    },
  });
}

export function useVerificationQueue() {
  return useInfiniteQuery(getVerificationQueueQueryOptions());
}
