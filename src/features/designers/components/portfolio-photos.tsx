import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Photo } from '@/components/ui/photo';
import { useDeletePortfolioPhoto } from '@/features/designers/api/delete-portfolio-photo';
import { usePortfolioPhotos } from '@/features/designers/api/get-portfolio';
import { ALLOWED_PHOTO_TYPES, useUploadPortfolioPhotos } from '@/features/designers/api/upload-portfolio-photos';

type Props = { designerId: string; name: string; isOwn: boolean };

/** The photo grid; upload and per-photo delete only on one's own portfolio (storage policies enforce it too). */
export function PortfolioPhotos({ designerId, name, isOwn }: Props) {
  const photos = usePortfolioPhotos(designerId);
  const upload = useUploadPortfolioPhotos(designerId, {
    onFileProblem: (message) => toast.error(message),
    onSuccess: (uploaded) => {
      if (uploaded > 0) toast.success('Photos uploaded successfully');
    },
    onError: () => toast.error('Failed to upload photos'),
  });
  const remove = useDeletePortfolioPhoto(designerId, {
    onSuccess: () => toast.success('Photo deleted'),
    onError: () => toast.error('Failed to delete photo'),
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  return (
    <section aria-labelledby="portfolio-photos-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="portfolio-photos-heading" className="text-xl font-semibold">
          Photos
        </h2>
        {isOwn ? (
          <div className="flex items-center gap-3">
            {upload.progress ? (
              <div className="flex items-center gap-2 text-sm" role="status">
                <progress
                  value={upload.progress.done}
                  max={upload.progress.total}
                  aria-label="Upload progress"
                  className="h-2 w-32"
                />
                <span>
                  {upload.progress.done} of {upload.progress.total} uploaded
                </span>
              </div>
            ) : null}
            <label htmlFor={inputId} className="sr-only">
              Upload portfolio photos
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={ALLOWED_PHOTO_TYPES.join(',')}
              multiple
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length > 0) upload.mutate(files);
              }}
            />
            <Button onClick={() => inputRef.current?.click()} disabled={upload.isPending} aria-busy={upload.isPending}>
              <ImagePlus aria-hidden="true" className="size-4" />
              {upload.isPending ? 'Uploading…' : 'Upload Photos'}
            </Button>
          </div>
        ) : null}
      </div>
      <QueryState query={photos} loading="Loading photos…" failed="Failed to load the portfolio" toast={false}>
        {(list) =>
          list.length === 0 ? null : (
            <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label="Portfolio photos">
              {list.map((photo, index) => (
                <li key={photo.path} className="group relative" data-testid="portfolio-photo">
                  <Photo src={photo.url} alt={`${name}'s work ${index + 1}`} />
                  {isOwn ? (
                    <Button
                      variant="destructive"
                      size="icon"
                      className="absolute top-2 right-2"
                      aria-label={`Delete photo ${index + 1}`}
                      disabled={remove.isPending && remove.variables === photo.path}
                      onClick={() => remove.mutate(photo.path)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
