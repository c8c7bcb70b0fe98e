import { Badge } from '@/components/ui/badge';
import type { Project } from '@/features/projects/api/project-types';
import { BUDGET_TYPE_LABEL } from '@/features/projects/utils/project-format';
import { formatMilesAway, formatMoney } from '@/lib/format';

/**
 * Location, space, style and budget (with its Hard Cap / Flexible tag), as a description list. The location is
 * the text as typed where the database gave it (the project page, to its customer and assigned designer), else
 * the place's label (docs/decisions/0030-safe-by-default.md).
 */
export function ProjectFacts({ project, distance }: { project: Project; distance?: number | null }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-muted-foreground">Location</dt>
        <dd className="font-medium break-words">
          {project.location ?? project.place?.label ?? 'Not given'}
          {typeof distance === 'number' ? (
            <span className="block text-muted-foreground">{formatMilesAway(distance)}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Space</dt>
        <dd className="font-medium">{project.space_size.toLocaleString('en-US')} sq ft</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Style</dt>
        <dd className="font-medium">{project.preferred_style ?? '—'}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Budget</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium">
          {formatMoney(project.budget)}
          <Badge variant={project.budget_type === 'hard' ? 'default' : 'secondary'}>
            {BUDGET_TYPE_LABEL[project.budget_type]}
          </Badge>
        </dd>
      </div>
    </dl>
  );
}
