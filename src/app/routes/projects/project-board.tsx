import { SelectionBoard } from '@/features/board/components/selection-board';
import { useItemsTotal } from '@/features/projects/api/get-items-total';
import type { Project } from '@/features/projects/api/project-types';

/**
 * The selection board with the project's budget: the database's items total, kept fresh by the items' feed and the
 * board's approvals (the budget tracker's figure, under the same key), is what "Approving this brings you to $… of
 * $…" adds to. No read of its own: the project row's total until the items change.
 */
export function ProjectBoard({
  project,
  projectReadAt,
  ...props
}: {
  project: Project;
  projectReadAt: number;
  userId: string;
  viewer: 'customer' | 'designer';
  open: boolean;
}) {
  const total = useItemsTotal(project.id, { value: project.items_total, updatedAt: projectReadAt });
  return (
    <SelectionBoard
      projectId={project.id}
      budget={{ budget: project.budget, budgetType: project.budget_type, itemsTotal: total.data }}
      {...props}
    />
  );
}
