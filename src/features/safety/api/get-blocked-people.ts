import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { keysetPages } from '@/lib/keyset-cursor';
import { blockKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const BLOCKED_PEOPLE_PAGE_SIZE = 20;

export type BlockedPerson = { user_id: string; full_name: string; blocked_at: string };

/**
 * One page of the people the viewer blocked, newest first (rpc blocked_people: their names even when the profile
 * is otherwise not readable), after the block time `after` of the previous page's last row.
 */
export async function getBlockedPeoplePage(after: string | null): Promise<BlockedPerson[]> {
  const { data, error } = await supabase.rpc('blocked_people', {
    page_size: BLOCKED_PEOPLE_PAGE_SIZE,
    ...(after ? { after_created_at: after } : {}),
  });
  if (error) throw error;
  return data;
}

export function blockedPeopleQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: blockKeys.list(userId),
    queryFn: ({ pageParam }) => getBlockedPeoplePage(pageParam),
    ...keysetPages(BLOCKED_PEOPLE_PAGE_SIZE, (row: BlockedPerson) => row.blocked_at),
  });
}

export function useBlockedPeople(userId: string) {
  return useInfiniteQuery(blockedPeopleQueryOptions(userId));
}
