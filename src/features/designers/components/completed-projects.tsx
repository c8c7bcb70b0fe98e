import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Photo } from '@/components/ui/photo';
import { PagedList } from '@/components/paged-list';
import { QueryState } from '@/components/query-state';
import {
  useCompletedProjects,
  useProjectPhotos,
  type CompletedProject,
} from '@/features/designers/api/get-completed-projects';
import { budgetLine } from '@/features/designers/utils/budget-line';
import { formatDate } from '@/lib/format';

/**
 * The designer's completed projects the viewer may see (docs/decisions/0017): those their customers agreed to
 * show, and to the project's own parties also the others, marked as not public. Before/after galleries,
 * completion date, a city-level place, and how it came in against its budget when the customer allows it.
 */
export function CompletedProjects({ designerId }: { designerId: string }) {
  const projects = useCompletedProjects(designerId);
  return (
    <PagedList
      query={projects}
      loading="Loading projects…"
      failed="Failed to load projects"
      toast={false}
      empty={null}
      className="grid gap-6"
      more={{ busyLabel: 'Load more', className: '' }}
      frame={(list) => (
        <section aria-labelledby="completed-projects-heading" className="space-y-4">
          <h2 id="completed-projects-heading" className="text-xl font-semibold">
            Completed projects
          </h2>
          {list}
        </section>
      )}
    >
      {(project) => (
        <li key={project.id}>
          <CompletedProjectCard designerId={designerId} project={project} />
        </li>
      )}
    </PagedList>
  );
}

function CompletedProjectCard({ designerId, project }: { designerId: string; project: CompletedProject }) {
  const photos = useProjectPhotos(designerId, project.id);
  const before = photos.data?.filter((p) => p.type === 'before') ?? [];
  const after = photos.data?.filter((p) => p.type === 'after') ?? [];
  const cost =
    project.items_total !== null && project.budget !== null && project.budget_type !== null
      ? budgetLine(project.items_total, project.budget, project.budget_type)
      : null;
  return (
    <Card className="gap-4" data-testid="completed-project">
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle>{project.title}</CardTitle>
          {project.is_public ? null : <Badge variant="outline">Not public</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          Completed <time dateTime={project.completed_at}>{formatDate(project.completed_at)}</time>
        </p>
        {project.is_public ? null : (
          <p className="text-sm text-muted-foreground">
            Only the client and the designer see this project: the client has not agreed to show it.
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>{project.description}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          {project.place ? (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Location:</dt>
              <dd>{project.place}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Space:</dt>
            <dd>{project.space_size} sq ft</dd>
          </div>
          {project.preferred_style ? (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Style:</dt>
              <dd>{project.preferred_style}</dd>
            </div>
          ) : null}
          {cost ? (
            <div className="flex gap-1" data-testid="budget-line">
              <dt className="text-muted-foreground">Came in at:</dt>
              <dd>
                {cost}
                {project.costs_public ? null : (
                  <span className="text-muted-foreground"> (only the client and the designer see this)</span>
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        <QueryState query={photos} size="sm" toast={false} loading="Loading photos…" failed="Failed to load photos">
          {() => (
            <div className="grid gap-4 md:grid-cols-2">
              <Gallery label="Before" photos={before} title={project.title} />
              <Gallery label="After" photos={after} title={project.title} />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function Gallery({ label, photos, title }: { label: string; photos: { name: string; url: string }[]; title: string }) {
  return (
    <div>
      <h3 className="mb-2 font-medium">{label}</h3>
      {photos.length === 0 ? (
        <p className="text-muted-foreground">No {label.toLowerCase()} photos</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {photos.map((photo, index) => (
            <li key={photo.name}>
              <Photo src={photo.url} alt={`${title}, ${label.toLowerCase()} ${index + 1}`} width={400} height={300} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
