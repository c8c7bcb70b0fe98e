import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAvailableProjectCount } from '@/features/projects/api/get-available-project-count';
import { useAvailableProjects } from '@/features/projects/api/get-available-projects';
import { useDesignerProjectCount } from '@/features/projects/api/get-designer-project-count';
import { useDesignerProjects } from '@/features/projects/api/get-designer-projects';
import { ProjectCard } from '@/features/projects/components/project-card';
import { ProjectList } from '@/features/projects/components/project-list';
import { useCurrentPosition } from '@/hooks/use-device-location';
import { useErrorToast } from '@/hooks/use-error-toast';
import { distanceMiles, toCoordinates } from '@/lib/geo';

type DesignerDashboardProps = {
  designerId: string;
  /** Opening a project to bid needs the designer plan: it opens once the membership is confirmed, never before. */
  membership: GatedAction;
  onOpenProject: (projectId: string) => void;
  /** More tabs after the two of projects, composed by the page (e.g. the designer's bids, another feature). */
  moreTabs?: { value: string; label: string; content: ReactNode }[];
};

/** 'Label (n)' once the total is known; the bare label until then (never a count of the loaded rows). */
function tabLabel(label: string, total: number | undefined): string {
  return total === undefined ? label : `${label} (${total})`;
}

/** The designer dashboard: open projects near the designer, and the designer's own projects. */
export function DesignerDashboard({ designerId, membership, onOpenProject, moreTabs = [] }: DesignerDashboardProps) {
  const [tab, setTab] = useState('available');
  const location = useCurrentPosition('Location access denied. Showing all projects.');
  const origin = location.status === 'known' ? location.coordinates : null;
  // The database applies the 100-mile rule (docs/decisions/0020). While the browser is still asked for the
  // position (a permission prompt may wait for the user), the list shows every open project and then narrows;
  // the total is read once the position is known or refused, so it never shows a figure that is about to change.
  const located = location.status !== 'locating';
  const available = useAvailableProjects(origin);
  const availableTotal = useAvailableProjectCount(origin, { enabled: located });
  const mine = useDesignerProjects(designerId);
  const mineTotal = useDesignerProjectCount(designerId);

  const availableRows = useMemo(
    () =>
      (available.data?.pages.flat() ?? []).map((project) => {
        const at = toCoordinates(project.latitude, project.longitude);
        return { ...project, distance: origin && at ? distanceMiles(origin, at) : null };
      }),
    [available.data, origin],
  );
  const mineRows = mine.data?.pages.flat() ?? [];

  const loadFailed = available.isError || mine.isError || availableTotal.isError || mineTotal.isError;
  useErrorToast(loadFailed, 'Failed to load projects');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={paths.designerNudges.getHref()}>Client Nudges</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.portfolio.getHref()}>My Portfolio</Link>
        </Button>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="available">{tabLabel('Available Projects', availableTotal.data)}</TabsTrigger>
          <TabsTrigger value="mine">{tabLabel('My Projects', mineTotal.data)}</TabsTrigger>
          {moreTabs.map((more) => (
            <TabsTrigger key={more.value} value={more.value}>
              {more.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="available">
          {location.status === 'locating' ? (
            <p className="mb-4 text-sm text-muted-foreground" role="status">
              Finding projects near you…
            </p>
          ) : null}
          <ProjectList
            isPending={available.isPending}
            isError={available.isError}
            empty="No open projects right now. Check back soon."
            count={availableRows.length}
            hasNextPage={available.hasNextPage}
            isFetchingNextPage={available.isFetchingNextPage}
            onLoadMore={() => void available.fetchNextPage()}
          >
            {availableRows.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                distance={project.distance}
                action={
                  <GatedButton gate={membership} gateKey={project.id} onAllowed={() => onOpenProject(project.id)}>
                    Submit Bid
                  </GatedButton>
                }
              />
            ))}
          </ProjectList>
        </TabsContent>
        <TabsContent value="mine">
          <ProjectList
            isPending={mine.isPending}
            isError={mine.isError}
            empty="No projects yet. Bid on an available project to get started."
            count={mineRows.length}
            hasNextPage={mine.hasNextPage}
            isFetchingNextPage={mine.isFetchingNextPage}
            onLoadMore={() => void mine.fetchNextPage()}
          >
            {mineRows.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                action={
                  <Button asChild>
                    <Link to={paths.project.getHref(project.id)}>View Details</Link>
                  </Button>
                }
              />
            ))}
          </ProjectList>
        </TabsContent>
        {moreTabs.map((more) => (
          <TabsContent key={more.value} value={more.value}>
            {more.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
