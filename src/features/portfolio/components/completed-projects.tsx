import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Photo } from '@/components/ui/photo';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/ui/spinner';
import {
  useCompletedProjects,
  useProjectPhotos,
  type CompletedProject,
} from '@/features/portfolio/api/get-completed-projects';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The designer's completed projects the viewer may see, with before/after galleries and completion date. */
export function CompletedProjects({ designerId }: { designerId: string }) {
  const projects = useCompletedProjects(designerId);
  if (projects.isPending) return <Spinner label="Loading projects…" />;
  if (projects.isError) {
    return (
      <p role="alert" className="text-destructive">
        Failed to load projects
      </p>
    );
  }
  const rows = projects.data.pages.flat();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="completed-projects-heading" className="space-y-4">
      <h2 id="completed-projects-heading" className="text-xl font-semibold">
        Completed projects
      </h2>
      <ul className="grid gap-6">
        {rows.map((project) => (
          <li key={project.id}>
            <CompletedProjectCard designerId={designerId} project={project} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={projects.hasNextPage}
        isFetchingNextPage={projects.isFetchingNextPage}
        onLoadMore={() => void projects.fetchNextPage()}
        busyLabel="Load more"
        className=""
      />
    </section>
  );
}

function CompletedProjectCard({ designerId, project }: { designerId: string; project: CompletedProject }) {
  const photos = useProjectPhotos(designerId, project.id);
  const before = photos.data?.filter((p) => p.type === 'before') ?? [];
  const after = photos.data?.filter((p) => p.type === 'after') ?? [];
  return (
    <Card className="gap-4" data-testid="completed-project">
      <CardHeader className="gap-1">
        <CardTitle>{project.title}</CardTitle>
        {project.completed_at ? (
          <p className="text-sm text-muted-foreground">
            Completed <time dateTime={project.completed_at}>{date.format(new Date(project.completed_at))}</time>
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>{project.description}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Location:</dt>
            <dd>{project.location}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Space:</dt>
            <dd>{project.space_size} sq ft</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Budget:</dt>
            <dd>{money.format(project.budget)}</dd>
          </div>
          {project.preferred_style ? (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Style:</dt>
              <dd>{project.preferred_style}</dd>
            </div>
          ) : null}
        </dl>
        {photos.isPending ? (
          <Spinner size="sm" label="Loading photos…" />
        ) : photos.isError ? (
          <p className="text-destructive">Failed to load photos</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <Gallery label="Before" photos={before} title={project.title} />
            <Gallery label="After" photos={after} title={project.title} />
          </div>
        )}
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
