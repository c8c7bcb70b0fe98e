import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { keysetPages } from '@/lib/keyset-cursor';
import { distancePageArgs, nearestOrNewest } from '@/lib/places/distance-pages';
import { PROJECTS_PAGE_SIZE, type Project } from '@/features/projects/api/project-types';
import type { Coordinates } from '@/lib/geo';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * An open project with its distance from the designer's position in whole miles (null without a position or
 * without coordinates) and which rule chose the list: true when only projects within 100 miles (and those
 * without coordinates) are listed, false when none lies within 100 miles and all are, null without a position.
 */
export type AvailableProject = Project & { distance_miles: number | null; within_reach: boolean | null };

/**
 * What open_projects gives: the place's label and the distance, never the location as typed or the coordinates
 * (docs/decisions/0030-safe-by-default.md).
 */
const OPEN_PROJECT_COLUMNS =
  'id, customer_id, designer_id, title, description, place_id, place_label, space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at, distance_miles, within_reach';

/** Where the next page starts: the last row of the one before (docs/places.md, "Distance reads"). */
export type AvailableProjectsCursor = Pick<AvailableProject, 'id' | 'created_at' | 'distance_miles'>;

/**
 * Projects a designer may bid on are pending with no designer, paged. With the designer's position they come
 * nearest first and those farther than 100 miles are left out unless none is nearer; without it, newest first.
 *
 * The database applies both (rpc open_projects, docs/decisions/0024), so every page holds only what the list
 * shows and 'Available Projects (n)' (open_project_count, same rule) is the total of this list. Keyset paging: a
 * later page starts after the last row of the one before ((distance_miles, id) near a position, (created_at, id)
 * without), so the database never walks past an offset and rows neither repeat nor go missing between pages.
 */
export async function getAvailableProjects(
  origin: Coordinates | null,
  after: AvailableProjectsCursor | null,
): Promise<AvailableProject[]> {
  const query = supabase
    .rpc('open_projects', distancePageArgs(origin, after, after?.id, PROJECTS_PAGE_SIZE))
    .select(OPEN_PROJECT_COLUMNS);
  const { data, error } = await nearestOrNewest(query, origin, 'id');
  if (error) throw error;
  // As the table read shapes it (PROJECT_COLUMNS' place:places(label)), so one card shows both.
  return data.map(({ place_label, ...row }) => ({ ...row, place: place_label ? { label: place_label } : null }));
}

export function getAvailableProjectsQueryOptions(origin: Coordinates | null) {
  return infiniteQueryOptions({
    queryKey: projectKeys.availableNear(origin),
    queryFn: ({ pageParam }) => getAvailableProjects(origin, pageParam),
    ...keysetPages(
      PROJECTS_PAGE_SIZE,
      ({ id, created_at, distance_miles }: AvailableProject): AvailableProjectsCursor => ({
        id,
        created_at,
        distance_miles,
      }),
    ),
  });
}

/**
 * Nothing is read until `enabled`. When the position arrives, the list read from anywhere stays on screen until the
 * nearby one replaces it.
 */
export function useAvailableProjects(origin: Coordinates | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getAvailableProjectsQueryOptions(origin), enabled, placeholderData: keepPreviousData });
}
