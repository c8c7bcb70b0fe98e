import { useState } from 'react';
import { Link } from 'react-router-dom';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCustomerProjects } from '@/features/projects/api/get-customer-projects';
import { NewProjectDialog } from '@/features/projects/components/new-project-dialog';
import { ProjectCard } from '@/features/projects/components/project-card';
import { ProjectList } from '@/features/projects/components/project-list';
import { useErrorToast } from '@/hooks/use-error-toast';

type CustomerProjectsProps = {
  customerId: string;
  /** Creating a project needs the client plan: the form opens once the membership is confirmed, never before. */
  membership: GatedAction;
};

/** The customer dashboard's "My Projects": actions, the create form and the customer's project cards. */
export function CustomerProjects({ customerId, membership }: CustomerProjectsProps) {
  const [creating, setCreating] = useState(false);
  const projects = useCustomerProjects(customerId);

  useErrorToast(projects.isError, 'Failed to load projects');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={paths.browseDesigners.getHref()}>Browse Designers</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.profile.customer.getHref()}>Edit Profile</Link>
        </Button>
        <GatedButton gate={membership} gateKey="new-project" onAllowed={() => setCreating(true)}>
          New Project
        </GatedButton>
      </div>
      <NewProjectDialog customerId={customerId} open={creating} onOpenChange={setCreating} />
      <section aria-labelledby="my-projects-heading" className="space-y-4">
        <h2 id="my-projects-heading" className="text-xl font-semibold">
          Your projects
        </h2>
        <ProjectList query={projects} empty="No projects yet. Create one to start receiving bids.">
          {(project) => (
            <ProjectCard
              key={project.id}
              project={project}
              action={
                project.status !== 'pending' ? (
                  <Button asChild>
                    <Link to={paths.project.getHref(project.id)}>View Details & Messages</Link>
                  </Button>
                ) : (
                  // Pending projects have no messages yet, but their owner accepts bids on the project page.
                  <Button asChild variant="outline">
                    <Link to={paths.project.getHref(project.id)}>View Bids</Link>
                  </Button>
                )
              }
            />
          )}
        </ProjectList>
      </section>
    </div>
  );
}
