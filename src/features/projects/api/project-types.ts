import type { Tables } from '@/types/database';

/** A project as cards and pages read it (PROJECT_COLUMNS); the portfolio choices are read on their own (docs/decisions/0017). */
export type Project = Omit<Tables<'projects'>, 'portfolio_consent' | 'portfolio_show_costs'>;
export type ProjectStatus = Project['status'];

/** The columns every project card and page shows. */
export const PROJECT_COLUMNS =
  'id, customer_id, designer_id, title, description, location, place_id, latitude, longitude, space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at';

export const PROJECTS_PAGE_SIZE = 24;
