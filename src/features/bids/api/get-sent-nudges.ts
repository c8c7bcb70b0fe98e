import { useInfiniteQuery } from '@tanstack/react-query';
import { nudgeKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const SENT_NUDGES_PAGE_SIZE = 10;

/**
 * The nudges a client has sent, newest first, with the project and the designer's name (a profiles embed is
 * readable here: client and designer share the nudge).
 */
export async function getSentNudgesPage(clientId: string, page: number) {
  const { data, error } = await supabase
    .from('designer_nudges')
    .select(
      'id, designer_id, status, quote_amount, quote_message, created_at, project:projects(id, title), designer:profiles!designer_nudges_designer_id_fkey(full_name)',
    )
    .eq('client_id', clientId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, SENT_NUDGES_PAGE_SIZE));
  if (error) throw error;
  return data;
}

export function getSentNudgesInfiniteQueryOptions(clientId: string) {
  return numberedPagesQueryOptions(nudgeKeys.sent(clientId), SENT_NUDGES_PAGE_SIZE, (page) =>
    getSentNudgesPage(clientId, page),
  );
}

export function useSentNudges(clientId: string) {
  return useInfiniteQuery(getSentNudgesInfiniteQueryOptions(clientId));
}
