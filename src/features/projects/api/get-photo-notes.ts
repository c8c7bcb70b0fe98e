import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The notes on a project's photos, by photo path. */
export async function getPhotoNotes(projectId: string): Promise<Record<string, string>> {
  const { data, error } = await supabase
    .from('project_photo_notes')
    .select('photo_path, note')
    .eq('project_id', projectId)
    .limit(500);
  if (error) throw error;
  return Object.fromEntries(data.map((row) => [row.photo_path, row.note]));
}

export function getPhotoNotesQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.photoNotes(projectId), queryFn: () => getPhotoNotes(projectId) });
}

export function usePhotoNotes(projectId: string) {
  return useQuery(getPhotoNotesQueryOptions(projectId));
}
