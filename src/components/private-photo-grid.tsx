import { usePrivatePhotos } from '@/lib/private-photos';

/**
 * The photos of a step (a milestone's submission or statement, an order's refusal, problem or statement) as a grid
 * of thumbnails, each opening full size in a new tab: signed links of a private bucket (src/lib/private-photos.ts).
 */
export function PrivatePhotoGrid({
  bucket,
  paths,
  label,
}: {
  bucket: string;
  paths: readonly string[];
  label: string;
}) {
  const photos = usePrivatePhotos(bucket, paths);
  if (paths.length === 0) return null;
  if (photos.isPending) return <p className="text-sm text-muted-foreground">Loading photos…</p>;
  if (photos.isError) return <p className="text-sm text-destructive">Failed to load photos</p>;
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {photos.data.map((photo, index) => (
        <li key={photo.path}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:ring-2">
            <img
              src={photo.url}
              alt={`${label}, ${index + 1} of ${photos.data.length}`}
              width={160}
              height={120}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded-md object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
