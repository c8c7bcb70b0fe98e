import { Card } from '@/components/ui/card';
import { useCompletedProjects } from '@/features/designers/api/get-completed-projects';
import { usePortfolioPhotos } from '@/features/designers/api/get-portfolio';
import { CompletedProjects } from '@/features/designers/components/completed-projects';
import { PortfolioPhotos } from '@/features/designers/components/portfolio-photos';

/** The portfolio page body: photos (own: upload/delete), completed projects, or 'No portfolio yet'. */
export function PortfolioView({ designerId, name, isOwn }: { designerId: string; name: string; isOwn: boolean }) {
  const photos = usePortfolioPhotos(designerId);
  const projects = useCompletedProjects(designerId);
  const empty =
    photos.isSuccess &&
    photos.data.length === 0 &&
    projects.isSuccess &&
    projects.data.pages.every((page) => page.length === 0);
  return (
    <div className="space-y-10">
      <PortfolioPhotos designerId={designerId} name={name} isOwn={isOwn} />
      {empty ? (
        <Card className="items-center py-12 text-center">
          <p className="text-muted-foreground">No portfolio yet</p>
        </Card>
      ) : null}
      <CompletedProjects designerId={designerId} />
    </div>
  );
}
