import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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
  { onSuccess, onError }: MutationCallbacks<void, PhotoNoteInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoPath, note }: PhotoNoteInput) => savePhotoNote(projectId, userId, photoPath, note),
    onSuccess: async (data, input) => {
      await onSuccess?.(data, input);
      await queryClient.invalidateQueries({ queryKey: projectKeys.photoNotes(projectId) });
    },
    onError,
  });
}
