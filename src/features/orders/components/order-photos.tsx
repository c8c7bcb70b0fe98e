import { useOrderPhotos } from '@/features/orders/api/get-order-photos';

/** The photos of a refusal, a problem or a statement, each opening full size in a new tab (signed private links). */
export function OrderPhotos({ paths, label }: { paths: readonly string[]; label: string }) {
  const photos = useOrderPhotos(paths);
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
