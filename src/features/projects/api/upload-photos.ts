import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoType } from '@/features/projects/api/get-project-photos';
import { validateImageFile } from '@/features/projects/utils/validate-image';
import { preparePhoto } from '@/lib/images/prepare-photo';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { PROJECT_PHOTOS_BUCKET } from '@/lib/project-photos-bucket';
import { supabase } from '@/lib/supabase';

function extensionOf(file: File): string {
  return /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? file.type.split('/')[1] ?? 'jpg';
}

export type UploadProgress = { done: number; total: number };

type UploadReports = {
  onProgress: (progress: UploadProgress) => void;
  /** A file that is refused or fails, as it happens (the message names it). */
  onFileProblem: (message: string) => void;
};

/**
 * Checks every file first (size, type, signature) and uploads the good ones one after another as
 * {projectId}/{before|after}-{timestamp}_{index}.{ext}, each sized and re-encoded first
 * (src/lib/images/prepare-photo.ts): the checks apply to what the user picked, the upload is what viewers download.
 * Each problem is reported per file; returns how many went up.
 */
export async function uploadPhotos(
  projectId: string,
  type: PhotoType,
  files: readonly File[],
  { onProgress, onFileProblem }: UploadReports,
): Promise<number> {
  const checked = await Promise.all(files.map(async (file) => ({ file, problem: await validateImageFile(file) })));
  for (const { problem } of checked) if (problem) onFileProblem(problem);
  const good = checked.filter((c) => !c.problem).map((c) => c.file);
  if (good.length === 0) return 0;
  const timestamp = Date.now();
  let uploaded = 0;
  onProgress({ done: 0, total: good.length });
  for (const [index, picked] of good.entries()) {
    const file = await preparePhoto(picked);
    const path = `${projectId}/${type}-${timestamp}_${index}.${extensionOf(file)}`;
    const { error } = await supabase.storage.from(PROJECT_PHOTOS_BUCKET).upload(path, file, { contentType: file.type });
    if (error) onFileProblem(`${picked.name}: Upload failed`);
    else uploaded += 1;
    onProgress({ done: index + 1, total: good.length });
  }
  return uploaded;
}

type UploadPhotosInput = { type: PhotoType; files: readonly File[] };

type UseUploadPhotosOptions = MutationCallbacks<number, UploadPhotosInput> & {
  /** Files done of total while uploading, null when over. */
  onProgress: (progress: UploadProgress | null) => void;
  onFileProblem: (message: string) => void;
};

export function useUploadPhotos(
  projectId: string,
  { onProgress, onFileProblem, onSuccess, onError }: UseUploadPhotosOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, files }: UploadPhotosInput) =>
      uploadPhotos(projectId, type, files, { onProgress, onFileProblem }),
    onSuccess: async (uploaded, input) => {
      await onSuccess?.(uploaded, input);
      await queryClient.invalidateQueries({ queryKey: projectKeys.photos(projectId) });
    },
    onError,
    onSettled: () => onProgress(null),
  });
}
