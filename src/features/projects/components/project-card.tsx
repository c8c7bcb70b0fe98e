import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import type { Project } from '@/features/projects/api/project-types';
import { ProjectFacts } from '@/features/projects/components/project-facts';
import { ProjectStatusPill } from '@/features/projects/components/project-status-pill';

type ProjectCardProps = { project: Project; distance?: number | null; action?: ReactNode };

/** A project in a list: title, status, description, facts, and the list's action (View Details, Submit Bid…). */
export function ProjectCard({ project, distance, action }: ProjectCardProps) {
  return (
    <Card className="gap-4" data-testid="project-card">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg leading-tight font-semibold">{project.title}</h3>
          <ProjectStatusPill status={project.status} />
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p>
      </CardHeader>
      <CardContent>
        <ProjectFacts project={project} distance={distance} />
      </CardContent>
      {action ? <CardFooter className="flex-wrap gap-2">{action}</CardFooter> : null}
    </Card>
  );
}
