import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PORTFOLIO_BUCKET } from '@/lib/portfolio-bucket';
import { preparePhoto } from '@/lib/images/prepare-photo';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const ALLOWED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The bucket's own rules (5 MB, JPEG/PNG/GIF/WebP), checked before the upload; the first problem is returned. */
function validatePortfolioFile(file: File): string | null {
  if (!ALLOWED_PHOTO_TYPES.includes(file.type)) return `${file.name}: Only JPEG, PNG, GIF, and WebP images are allowed`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name}: File size must be less than 5MB`;
  return null;
}

function objectName(file: File, index: number): string {
  const ext = (file.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';
  return `${Date.now()}_${index}.${ext}`;
}

type UseUploadPortfolioPhotosOptions = MutationCallbacks<number, File[]> & {
  /** A file that is refused or fails, as it happens (its message names it); the others still upload. */
  onFileProblem?: (message: string) => void;
};

/**
 * Uploads several photos one after the other under {userId}/, each checked as picked and then sized and
 * re-encoded (src/lib/images/prepare-photo.ts), reporting progress as files done of total; the answer is how many
 * went up.
 */
export function useUploadPortfolioPhotos(
  userId: string,
  { onFileProblem, onSuccess, onError }: UseUploadPortfolioPhotosOptions = {},
) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const mutation = useMutation({
    mutationFn: async (files: File[]) => {
      let uploaded = 0;
      setProgress({ done: 0, total: files.length });
      for (const [index, picked] of files.entries()) {
        const invalid = validatePortfolioFile(picked);
        if (invalid) {
          onFileProblem?.(invalid);
        } else {
          const file = await preparePhoto(picked);
          const { error } = await supabase.storage
            .from(PORTFOLIO_BUCKET)
            .upload(`${userId}/${objectName(file, index)}`, file, { contentType: file.type, upsert: false });
          if (error) onFileProblem?.(`Failed to upload ${picked.name}`);
          else uploaded += 1;
        }
        setProgress({ done: index + 1, total: files.length });
      }
      return uploaded;
    },
    onSuccess,
    onError,
    onSettled: async () => {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: designerKeys.portfolioPhotos(userId) });
    },
  });
  return { ...mutation, progress };
}
