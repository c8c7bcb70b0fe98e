import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAvailableProjectCount } from '@/features/projects/api/get-available-project-count';
import { useAvailableProjects } from '@/features/projects/api/get-available-projects';
import { withinReachOf } from '@/lib/places/distance-pages';
import { useDesignerProjectCount } from '@/features/projects/api/get-designer-project-count';
import { useDesignerProjects } from '@/features/projects/api/get-designer-projects';
import { ProjectCard } from '@/features/projects/components/project-card';
import { ProjectList } from '@/features/projects/components/project-list';
import { useErrorToast } from '@/hooks/use-error-toast';
import { originOf, useOrigin } from '@/hooks/use-origin';

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
  // Measured from the designer's place (the coordinates the database keeps from their profile's location), else
  // the device's position, else nowhere (docs/decisions/0024-places.md).
  const location = useOrigin(designerId, 'designer', {
    deviceDeniedMessage: 'Location access denied. Showing all projects.',
  });
  const origin = originOf(location);
  // The database measures and applies the 100-mile rule (open_projects). The list waits for the profile's read;
  // while the browser is asked for the position (a permission prompt may wait for the user), it shows every open
  // project and then narrows. The total is read once the origin is known or none is, so it never shows a figure
  // that is about to change.
  const located = location.status !== 'locating';
  const available = useAvailableProjects(origin, {
    enabled: !(location.status === 'locating' && location.from === 'profile'),
  });
  const availableTotal = useAvailableProjectCount(origin, { enabled: located });
  const mine = useDesignerProjects(designerId);
  const mineTotal = useDesignerProjectCount(designerId);

  const availableRows = available.data?.pages.flat() ?? [];
  const withinReach = withinReachOf(available.data?.pages);

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
          ) : availableRows.length > 0 ? (
            <p className="mb-4 text-sm text-muted-foreground">
              {withinReach === true
                ? 'Projects within 100 miles of you, nearest first.'
                : withinReach === false
                  ? 'No open project is within 100 miles of you: showing all of them, nearest first.'
                  : 'All open projects, newest first.'}
            </p>
          ) : null}
          <ProjectList query={available} empty="No open projects right now. Check back soon.">
            {(project) => (
              <ProjectCard
                key={project.id}
                project={project}
                distance={project.distance_miles}
                action={
                  <GatedButton gate={membership} gateKey={project.id} onAllowed={() => onOpenProject(project.id)}>
                    Submit Bid
                  </GatedButton>
                }
              />
            )}
          </ProjectList>
        </TabsContent>
        <TabsContent value="mine">
          <ProjectList query={mine} empty="No projects yet. Bid on an available project to get started.">
            {(project) => (
              <ProjectCard
                key={project.id}
                project={project}
                action={
                  <Button asChild>
                    <Link to={paths.project.getHref(project.id)}>View Details</Link>
                  </Button>
                }
              />
            )}
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
