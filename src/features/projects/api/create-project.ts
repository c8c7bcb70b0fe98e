import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import { preparePhoto } from '@/lib/images/prepare-photo';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { requiredPlaceSchema } from '@/lib/places/place-schema';
import { projectKeys } from '@/lib/query-keys';
import { PROJECT_PHOTOS_BUCKET } from '@/lib/project-photos-bucket';
import { supabase } from '@/lib/supabase';

export const MAX_PROJECT_PHOTOS = 5;
export const PROJECT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

const positiveInteger = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647, message)
    .transform(Number);

/** A new project (docs/product.md, Projects); the database checks the same bounds (projects table constraints). */
export const createProjectInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, 'Title must be at least 3 characters')
      .max(100, 'Title must be at most 100 characters'),
    description: z
      .string()
      .trim()
      .min(10, 'Description must be at least 10 characters')
      .max(1000, 'Description must be at most 1000 characters'),
    // The location field's text and chosen place (PlaceField); inserted as location and place_id.
    location: requiredPlaceSchema,
    space_size: positiveInteger('Space size must be a positive number'),
    budget: positiveInteger('Budget must be a positive number'),
    budget_type: z.enum(['soft', 'hard']),
    preferred_style: z.string().min(1, 'Please select a design style'),
  })
  .transform(({ location, ...rest }) => ({ ...rest, ...location }));

export type CreateProjectFormValues = z.input<typeof createProjectInputSchema>;
export type CreateProjectInput = z.output<typeof createProjectInputSchema>;

function extensionOf(file: File): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  return fromName ?? file.type.split('/')[1] ?? 'jpg';
}

/**
 * Inserts the project (pending) and uploads its photos to project-photos as {projectId}/{timestamp}_{index}.{ext},
 * each sized and re-encoded first (src/lib/images/prepare-photo.ts). The project stands even when a photo fails;
 * each failed photo is reported by the name the user picked.
 */
export async function createProject(
  customerId: string,
  input: CreateProjectInput,
  photos: readonly File[],
): Promise<{ id: string; failedPhotos: string[] }> {
  const { data, error } = await supabase
    .from('projects')
    .insert({ ...input, customer_id: customerId, status: 'pending' })
    .select('id')
    .single();
  if (error) throw error;
  const timestamp = Date.now();
  const failedPhotos: string[] = [];
  await Promise.all(
    photos.slice(0, MAX_PROJECT_PHOTOS).map(async (picked, index) => {
      const file = await preparePhoto(picked);
      const path = `${data.id}/${timestamp}_${index}.${extensionOf(file)}`;
      const upload = await supabase.storage.from(PROJECT_PHOTOS_BUCKET).upload(path, file, { contentType: file.type });
      if (upload.error) failedPhotos.push(picked.name);
    }),
  );
  return { id: data.id, failedPhotos };
}

type CreateProjectRequest = { input: CreateProjectInput; photos: readonly File[] };

export function useCreateProject(
  customerId: string,
  callbacks: MutationCallbacks<{ id: string; failedPhotos: string[] }, CreateProjectRequest> = {},
) {
  return useRefreshingMutation({
    mutationFn: ({ input, photos }: CreateProjectRequest) => createProject(customerId, input, photos),
    refreshes: () => [projectKeys.lists()],
    callbacks,
  });
}
