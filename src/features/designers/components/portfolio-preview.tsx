import { ImageIcon } from 'lucide-react';
import { Photo } from '@/components/ui/photo';
import { usePortfolioPreview } from '@/features/designers/api/get-portfolio-preview';

/** Up to 3 portfolio photos on a designer card (docs/product.md, Limits). */
export function PortfolioPreview({ designerId, designerName }: { designerId: string; designerName: string }) {
  const photos = usePortfolioPreview(designerId);
  if (photos.isPending)
    return <div className="aspect-[3/1] w-full animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  if (!photos.data || photos.data.length === 0) {
    return (
      <div className="flex aspect-[3/1] w-full items-center justify-center gap-2 rounded-md bg-muted text-sm text-muted-foreground">
        <ImageIcon aria-hidden="true" className="size-4" /> No portfolio photos yet
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-3 gap-1.5" aria-label={`Portfolio photos of ${designerName}`}>
      {photos.data.map((photo, index) => (
        <li key={photo.name}>
          <Photo src={photo.url} alt={`${designerName}'s work ${index + 1}`} width={400} height={300} />
        </li>
      ))}
    </ul>
  );
}
