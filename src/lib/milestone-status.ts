import type { Enums } from '@/types/database';

export type MilestoneStatus = Enums<'milestone_status'>;

/** A milestone's states as people read them, on the project page and in the console (docs/milestones.md). */
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  not_funded: 'Not funded',
  funded: 'Funded',
  submitted: 'Submitted',
  changes_requested: 'Changes requested',
  released: 'Released',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** The states' values, for a zod enum. */
export const MILESTONE_STATUS_VALUES = Object.keys(MILESTONE_STATUS_LABELS) as [MilestoneStatus, ...MilestoneStatus[]];
