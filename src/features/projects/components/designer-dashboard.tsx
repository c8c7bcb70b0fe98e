import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAvailableProjects } from '@/features/projects/api/get-available-projects';
import { useDesignerProjects } from '@/features/projects/api/get-designer-projects';
import { ProjectCard } from '@/features/projects/components/project-card';
import { ProjectList } from '@/features/projects/components/project-list';
import { useCurrentPosition } from '@/hooks/use-device-location';
import { filterNearby, toCoordinates } from '@/lib/geo';

type DesignerDashboardProps = {
  designerId: string;
  /** Opening a project to bid needs the designer plan: it opens once the membership is confirmed, never before. */
  membership: GatedAction;
  onOpenProject: (projectId: string) => void;
};

/** SPEC §2 designer dashboard: open projects near the designer, and the designer's own projects. */
export function DesignerDashboard({ designerId, membership, onOpenProject }: DesignerDashboardProps) {
  const [tab, setTab] = useState('available');
  const location = useCurrentPosition('Location access denied. Showing all projects.');
  const available = useAvailableProjects();
  const mine = useDesignerProjects(designerId);

  const origin = location.status === 'known' ? location.coordinates : null;
  const availableRows = useMemo(
    () => filterNearby(available.data?.pages.flat() ?? [], origin, (p) => toCoordinates(p.latitude, p.longitude)),
    [available.data, origin],
  );
  const mineRows = mine.data?.pages.flat() ?? [];

  useEffect(() => {
    if (available.isError || mine.isError) toast.error('Failed to load projects', { id: 'projects-load' });
  }, [available.isError, mine.isError]);

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
          <TabsTrigger value="available">Available Projects ({availableRows.length})</TabsTrigger>
          <TabsTrigger value="mine">My Projects ({mineRows.length})</TabsTrigger>
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
      </Tabs>
    </div>
  );
}
