import { useInfiniteQuery } from '@tanstack/react-query';
import { nudgeKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const NUDGES_PAGE_SIZE = 20;

const NUDGE_COLUMNS =
  'id, client_id, designer_id, project_id, status, quote_amount, quote_message, created_at, responded_at, project:projects(id, title, description, place:places(label), space_size, budget, budget_type, preferred_style, status)';

/** The designer's nudges with their project, newest first, paged. */
export async function getDesignerNudgesPage(designerId: string, page: number) {
  const { data, error } = await supabase
    .from('designer_nudges')
    .select(NUDGE_COLUMNS)
    .eq('designer_id', designerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, NUDGES_PAGE_SIZE));
  if (error) throw error;
  return data;
}

export type DesignerNudge = Awaited<ReturnType<typeof getDesignerNudgesPage>>[number];

export function getDesignerNudgesInfiniteQueryOptions(designerId: string) {
  return numberedPagesQueryOptions(nudgeKeys.inbox(designerId), NUDGES_PAGE_SIZE, (page) =>
    getDesignerNudgesPage(designerId, page),
  );
}

export function useDesignerNudges(designerId: string) {
  return useInfiniteQuery(getDesignerNudgesInfiniteQueryOptions(designerId));
}
