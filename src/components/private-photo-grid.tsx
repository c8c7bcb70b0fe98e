import { useState } from 'react';
import { PhotoViewer } from '@/components/photo-viewer';
import { usePrivatePhotos } from '@/lib/private-photos';
import { cn } from '@/lib/utils';

type Props = {
  bucket: string;
  paths: readonly string[];
  /** What the photos are: the list's name, each photo's alt ("<label>, 2 of 5") and the viewer's title. */
  label: string;
  /**
   * 'tab' (a step's evidence: each opens full size in a new tab) or 'viewer' (a message's: they open in the photo
   * viewer, one after the other).
   */
  open?: 'tab' | 'viewer';
  className?: string;
};

/**
 * Photos of a private bucket as a grid of thumbnails (signed links, src/lib/private-photos.ts): a milestone's
 * submission or statement, an order's refusal, problem or statement, a message's photos.
 */
export function PrivatePhotoGrid({ bucket, paths, label, open = 'tab', className }: Props) {
  const photos = usePrivatePhotos(bucket, paths);
  const [viewing, setViewing] = useState<number | null>(null);
  if (paths.length === 0) return null;
  if (photos.isPending) return <p className="text-sm text-muted-foreground">Loading photos…</p>;
  if (photos.isError) return <p className="text-sm text-destructive">Failed to load photos</p>;
  const shown = photos.data.map((photo, index) => ({
    ...photo,
    alt: `${label}, ${index + 1} of ${photos.data.length}`,
  }));
  const thumbnail = (photo: (typeof shown)[number]) => (
    <img
      src={photo.url}
      alt={photo.alt}
      width={160}
      height={120}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] w-full rounded-md object-cover"
    />
  );
  return (
    <>
      <ul aria-label={label} className={cn('grid grid-cols-3 gap-2 sm:grid-cols-6', className)}>
        {shown.map((photo, index) => (
          <li key={photo.path}>
            {open === 'viewer' ? (
              <button
                type="button"
                onClick={() => setViewing(index)}
                className="block w-full rounded-md focus-visible:ring-2 focus-visible:outline-none"
              >
                {thumbnail(photo)}
              </button>
            ) : (
              <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:ring-2">
                {thumbnail(photo)}
              </a>
            )}
          </li>
        ))}
      </ul>
      {open === 'viewer' ? (
        <PhotoViewer title={label} photos={shown} index={viewing} onIndexChange={setViewing} />
      ) : null}
    </>
  );
}
