import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const photoNoteSchema = z.string().trim().max(1000, 'Note must be at most 1000 characters');

/** Upserts project_photo_notes (project_id, photo_path, note, added_by); the owner only. */
export async function savePhotoNote(projectId: string, userId: string, photoPath: string, note: string): Promise<void> {
  const { error } = await supabase
    .from('project_photo_notes')
    .upsert(
      { project_id: projectId, photo_path: photoPath, note: photoNoteSchema.parse(note), added_by: userId },
      { onConflict: 'project_id,photo_path' },
    );
  if (error) throw error;
}

type PhotoNoteInput = { photoPath: string; note: string };

export function useSavePhotoNote(
  projectId: string,
  userId: string,
  callbacks: MutationCallbacks<void, PhotoNoteInput> = {},
) {
  return useRefreshingMutation({
    mutationFn: ({ photoPath, note }: PhotoNoteInput) => savePhotoNote(projectId, userId, photoPath, note),
    refreshes: () => [projectKeys.photoNotes(projectId)],
    callbacks,
  });
}
