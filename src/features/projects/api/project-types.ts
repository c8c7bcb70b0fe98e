import type { Tables } from '@/types/database';

export type Project = Tables<'projects'>;
export type ProjectStatus = Project['status'];

/** The columns every project card and page shows. */
export const PROJECT_COLUMNS =
  'id, customer_id, designer_id, title, description, location, latitude, longitude, space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at';

export const PROJECTS_PAGE_SIZE = 24;
