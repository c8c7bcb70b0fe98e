import type { Tables } from '@/types/database';

/**
 * A project as cards and pages read it (PROJECT_COLUMNS). The location as typed and the coordinates are no API
 * columns (docs/decisions/0030-safe-by-default.md): everyone who sees a project sees its place's label; the reads
 * of one's own projects (the page, the customer's and the assigned designer's lists) add `location`, the text as
 * typed, from project_locations.
 * The portfolio choices are read on their own (docs/decisions/0017); hidden_at (docs/trust-and-safety.md) is not read
 * here.
 */
export type Project = Omit<
  Tables<'projects'>,
  'portfolio_consent' | 'portfolio_show_costs' | 'location' | 'latitude' | 'longitude' | 'hidden_at'
> & {
  place: { label: string } | null;
  /** The location as typed: only for its customer and assigned designer (null or absent for anyone else). */
  location?: string | null;
};
export type ProjectStatus = Project['status'];

/** The columns every project card and page shows (the place's label through its foreign key). */
export const PROJECT_COLUMNS =
  'id, customer_id, designer_id, title, description, place_id, place:places(label), space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at';

export const PROJECTS_PAGE_SIZE = 24;
