import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { Project } from '@/features/projects/api/project-types';
import { ProjectFacts } from '@/features/projects/components/project-facts';
import { ProjectStatusPill } from '@/features/projects/components/project-status-pill';

/** The project page's head: Back, then the project card (title, status, description, facts, budget tag). */
export function ProjectDetailCard({
  project,
  onBack,
  actions,
}: {
  project: Project;
  onBack: () => void;
  actions?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <Button variant="ghost" onClick={onBack} className="-ml-2">
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <title>{`${project.title} · Good Space`}</title>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{project.title}</h1>
            <ProjectStatusPill status={project.status} className="text-sm" />
          </div>
          <p className="whitespace-pre-line text-muted-foreground">{project.description}</p>
        </CardHeader>
        <CardContent className="space-y-4">
          <ProjectFacts project={project} />
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </CardContent>
      </Card>
    </div>
  );
}
