import { useInfiniteQuery } from '@tanstack/react-query';
import { savedKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const SAVED_DESIGNERS_PAGE_SIZE = 24;

export type SavedDesigner = {
  designer_id: string;
  created_at: string;
  /** Null when the designer has no public profile any more (the account changed type). */
  designer: { full_name: string | null; username: string | null; location: string | null; bio: string | null } | null;
};

/**
 * The viewer's saved designers, last saved first, paged by range, with each one's public profile (designer_profiles
 * is readable by everyone signed in; a profiles embed is private).
 */
export async function getSavedDesignersPage(userId: string, page: number): Promise<SavedDesigner[]> {
  const { data, error } = await supabase
    .from('saved_designers')
    .select('designer_id, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('designer_id', { ascending: false })
    .range(...pageRange(page, SAVED_DESIGNERS_PAGE_SIZE));
  if (error) throw error;
  if (data.length === 0) return [];
  const profiles = await supabase
    .from('designer_profiles')
    .select('user_id, full_name, username, location, bio')
    .in(
      'user_id',
      data.map((row) => row.designer_id),
    );
  if (profiles.error) throw profiles.error;
  const byId = new Map(profiles.data.map(({ user_id, ...rest }) => [user_id, rest]));
  return data.map((row) => ({ ...row, designer: byId.get(row.designer_id) ?? null }));
}

export function getSavedDesignersQueryOptions(userId: string) {
  return numberedPagesQueryOptions(savedKeys.designerList(userId), SAVED_DESIGNERS_PAGE_SIZE, (page) =>
    getSavedDesignersPage(userId, page),
  );
}

export function useSavedDesigners(userId: string) {
  return useInfiniteQuery(getSavedDesignersQueryOptions(userId));
}
