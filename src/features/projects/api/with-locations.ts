import type { Project } from '@/features/projects/api/project-types';
import { supabase } from '@/lib/supabase';

/**
 * The rows with their location as typed where the database gives it: to the project's customer and its assigned
 * designer (rpc project_locations); the others keep only the place's label (docs/decisions/0030-safe-by-default.md).
 */
export async function withLocations<T extends Pick<Project, 'id'>>(
  rows: T[],
): Promise<(T & { location: string | null })[]> {
  if (rows.length === 0) return [];
  const { data, error } = await supabase.rpc('project_locations', { p_projects: rows.map((r) => r.id) });
  if (error) throw error;
  const text = new Map(data.map((r) => [r.id, r.location]));
  return rows.map((row) => ({ ...row, location: text.get(row.id) ?? null }));
}
